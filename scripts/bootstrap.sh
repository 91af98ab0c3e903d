#!/usr/bin/env bash
# Installs what hipify-plus needs on a fresh Debian 12/13 machine into .venv (idempotent).
# WITH_HIPCC=1 also installs Debian's hipcc and every ROCm library's headers the release ships.
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
.venv/bin/python -m pip install -q -e ".[test,clang]"  # clang: the --precise mode, tested beside the text mode

if [ "${WITH_HIPCC:-0}" = 1 ]; then
  command -v hipcc >/dev/null || apt_install hipcc || echo "bootstrap: hipcc could not be installed; compile checks will be skipped" >&2
  # The build-file tests run cmake and make on converted projects; the cooperative-groups
  # simulation compiles with the host C++ compiler (a minimal Debian 13 has none of them).
  for tool in cmake make g++; do
    command -v "$tool" >/dev/null || apt_install "$tool" || echo "bootstrap: $tool could not be installed; its tests will be skipped" >&2
  done
  # The report as a browser renders it (tests/test_report_render.py): Debian's headless Chromium.
  command -v chromium >/dev/null || apt_install chromium || echo "bootstrap: chromium could not be installed; the rendering tests will be skipped" >&2
  # Every ROCm library's development package this Debian release ships (Debian 12: rocPRIM,
  # rocRAND/hipRAND, rocSPARSE/hipSPARSE; Debian 13: all of them but hipBLASLt, which later releases
  # ship), so that the library fixtures' compile checks run instead of being skipped.
  rocm_dev=(librocblas-dev libhipblas-dev libhipcub-dev librocthrust-dev librocprim-dev
            librocrand-dev libhiprand-dev libhipfft-dev librocsolver-dev libhipsolver-dev
            libhipsparse-dev librocsparse-dev librccl-dev libhipblaslt-dev)
  if command -v apt-get >/dev/null; then
    [ "$apt_updated" = 1 ] || { as_root apt-get update -qq >/dev/null || true; apt_updated=1; }
    wanted=()
    for pkg in "${rocm_dev[@]}"; do
      if apt-cache show "$pkg" >/dev/null 2>&1 \
         && ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
        wanted+=("$pkg")
      fi
    done
    if [ ${#wanted[@]} -gt 0 ]; then
      apt_install "${wanted[@]}" || echo "bootstrap: could not install ${wanted[*]}; their compile checks will be skipped" >&2
    fi
  fi
fi
