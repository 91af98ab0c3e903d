#!/usr/bin/env bash
# The whole test suite on a fresh Debian machine: installs everything (hipcc included), then pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
WITH_HIPCC=1 bash scripts/bootstrap.sh
export HIP_PLATFORM=amd
exec .venv/bin/python -m pytest -q "$@"
