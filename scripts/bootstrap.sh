#!/usr/bin/env bash
# Installs what hipify-plus needs on a fresh Debian 12/13 machine into .venv (idempotent).
# WITH_HIPCC=1 also installs Debian's hipcc and the ROCm library headers Debian ships.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
apt_updated=0
apt_install() {
  command -v apt-get >/dev/null || return 1
  if [ "$apt_updated" = 0 ]; then as_root apt-get update -qq >/dev/null || true; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

PYTHON=${PYTHON:-python3}
if ! "$PYTHON" -c 'import sys; assert sys.version_info >= (3, 11)' 2>/dev/null; then
  apt_install python3 python3-venv
  PYTHON=/usr/bin/python3
fi
if [ ! -x .venv/bin/python ]; then
  if ! "$PYTHON" -m venv .venv 2>/dev/null; then
    rm -rf .venv
    apt_install python3-venv
    "$PYTHON" -m venv .venv
  fi
fi
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
.venv/bin/python -m pip install -q -e ".[test]"

if [ "${WITH_HIPCC:-0}" = 1 ]; then
  command -v hipcc >/dev/null || apt_install hipcc || echo "bootstrap: hipcc could not be installed; compile checks will be skipped" >&2
  # Library headers, where this Debian release ships them (Debian 13: rocBLAS, hipBLAS, hipCUB, rocThrust).
  for pkg in librocblas-dev libhipblas-dev libhipcub-dev librocthrust-dev; do
    if apt-cache show "$pkg" >/dev/null 2>&1; then apt_install "$pkg" || true; fi
  done
fi
