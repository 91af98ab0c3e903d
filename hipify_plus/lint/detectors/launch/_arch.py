"""The AMD targets the launch rules judge against: wave size, waves per SIMD and LDS per
workgroup of each gfx target, for the arches the settings name (gfx90a by default; target IDs
are read by hipify_plus/amd/arch.py).
`hipify_plus/resources/occupancy.py` keeps a second model of the same hardware."""

from __future__ import annotations

from collections.abc import Callable

from hipify_plus.amd.arch import generation, target_arches, wave_size
from hipify_plus.lint.context import LintContext

KIB = 1024
SIMDS_PER_CU = 4
UNIFIED_REGISTER_FILE = frozenset({"gfx90a", "gfx940", "gfx941", "gfx942", "gfx950"})


def _major(arch: str) -> int:
    return generation(arch)


def _wave_size(arch: str) -> int:
    return wave_size(arch)


def _max_waves_per_eu(arch: str) -> int:
    if arch in UNIFIED_REGISTER_FILE:
        return 8
    if arch.startswith("gfx101"):
        return 20
    return 16 if _major(arch) >= 10 else 10


def _lds_limit(arch: str) -> int:
    return 160 * KIB if arch == "gfx950" else 64 * KIB


def _arches(ctx: LintContext) -> list[str]:
    return target_arches(ctx.settings.arches)


def _tightest(ctx: LintContext, measure: Callable[[str], int]) -> tuple[str, int]:
    """The target arch with the smallest value of `measure`, and that value."""
    return min(((a, measure(a)) for a in _arches(ctx)), key=lambda item: item[1])


def _kib(size: int) -> str:
    return f"{size // KIB} KiB" if size % KIB == 0 else f"{size / KIB:.1f} KiB"


def _vgpr_cap_for_waves(arch: str, waves_per_simd: int) -> int:
    """VGPRs per lane the compiler allows a kernel that must keep `waves_per_simd` waves on
    each SIMD (LLVM's model: the SIMD's register file shared by those waves)."""
    if arch in UNIFIED_REGISTER_FILE:
        registers, granule, addressable = 512, 8, 512
    elif _major(arch) <= 9:
        registers, granule, addressable = 256, 4, 256
    elif arch in ("gfx1100", "gfx1101"):
        registers, granule, addressable = 1536, 24, 256
    else:
        registers, granule, addressable = 1024, 16, 256
    return min(addressable, registers // max(1, waves_per_simd) // granule * granule)
