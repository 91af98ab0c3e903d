#!/usr/bin/env bash
# debian-sid-hipcc.sh ROOT — a Debian sid (unstable) chroot at ROOT with a current HIP to measure
# converted code against: hipcc with clang 21 and HIP 6.4, hipBLAS/rocBLAS 6.4, hipBLASLt 7.1 (with
# hipblas-common), MIOpen 6.4, roctx (roctracer), hipCUB/rocThrust/rocPRIM, hipRAND/rocRAND, hipFFT,
# hipSOLVER/rocSOLVER, hipSPARSE/rocSPARSE, and the GL/EGL/Vulkan headers cuda-samples include.
# Debian 12 ships HIP 5.2 and Debian 13 HIP 5.7; sid is where Debian's ROCm 6 lives. sid's RCCL
# (5.4) cannot be installed beside HIP 6.4, so it is left out. About 3 minutes and 9 GB.
# Run as root; a re-run installs only what is missing. Then compile inside, e.g.:
#   mountpoint -q ROOT/tmp || mount --bind /tmp ROOT/tmp
#   chroot ROOT env HIP_PLATFORM=amd hipcc --offload-arch=gfx90a -fsyntax-only /tmp/x.hip
# and give bench/compile_rate.py a wrapper script that runs that hipcc as --hipcc (the paths the
# benchmark passes must exist inside the chroot: bind-mount the folders it uses).
set -euo pipefail
ROOT=${1:?usage: debian-sid-hipcc.sh ROOT}
MIRROR=${MIRROR:-$(grep -hm1 '^URIs:' /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '{print $2}')}
[ -n "$MIRROR" ] || { echo "set MIRROR to a Debian mirror" >&2; exit 2; }
PACKAGES=(hipcc libamdhip64-dev rocm-device-libs-21 libomp-21-dev
          librocblas-dev libhipblas-dev libhipblas-common-dev libhipblaslt-dev libmiopen-dev libroctx-dev
          libhipcub-dev librocthrust-dev librocprim-dev librocrand-dev libhiprand-dev libhipfft-dev
          librocsolver-dev libhipsolver-dev libhipsparse-dev librocsparse-dev
          freeglut3-dev libegl-dev libgl-dev libgles-dev libglew-dev libglfw3-dev libglu1-mesa-dev
          libvulkan-dev libx11-dev libxext-dev libdrm-dev uuid-dev)
command -v debootstrap >/dev/null || { apt-get update -qq; apt-get install -y -qq debootstrap; }
if [ ! -x "$ROOT/usr/bin/apt-get" ]; then
  mkdir -p "$ROOT"
  debootstrap --variant=minbase --components=main sid "$ROOT" "$MIRROR"
fi
mountpoint -q "$ROOT/proc" || mount -t proc proc "$ROOT/proc"
mountpoint -q "$ROOT/dev" || mount --bind /dev "$ROOT/dev"
cp -f /etc/resolv.conf "$ROOT/etc/resolv.conf" 2>/dev/null || true
# a mirror that serves a dated snapshot of sid has a Release file past its validity date
echo 'Acquire::Check-Valid-Until "false";' > "$ROOT/etc/apt/apt.conf.d/99hipify-plus-snapshot"
IN="chroot $ROOT env DEBIAN_FRONTEND=noninteractive LC_ALL=C"
$IN apt-get update -qq
$IN apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}"
$IN apt-get clean
$IN hipcc --version | sed -n 1p
