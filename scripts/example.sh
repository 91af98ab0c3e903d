#!/usr/bin/env bash
# The main job on the bundled example: converts corpus/projects/heat2d (a small CUDA project) to HIP
# in out/heat2d-hip, and writes its migration-gap report (what was converted, what is left, the
# work remaining) to out/heat2d-gap.html.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/bootstrap.sh
rm -rf out/heat2d-hip
set +e
.venv/bin/hipify-plus convert corpus/projects/heat2d -o out/heat2d-hip --rename --header-suffix .hpp --no-progress
code=$?
set -e
echo "converted tree:"; find out/heat2d-hip -type f | sort
.venv/bin/hipify-plus report corpus/projects/heat2d -o out/heat2d-gap.html
# exit 1 means "files changed or findings": the expected result of a conversion
[ "$code" -le 1 ]
