"""The AMD occupancy model (LLVM's AMDGPUBaseInfo rules, per architecture).

Used to explain the compiler's numbers and, without hipcc, to estimate occupancy from known
register counts (marked as an estimate wherever it is shown).
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Arch:
    name: str
    wave: int  # lanes per wavefront
    vgprs: int  # VGPRs per lane per SIMD (unified VGPR+AGPR on gfx90a-family)
    granule: int  # VGPR allocation granule
    max_waves: int  # per SIMD
    lds_per_cu: int  # bytes
    lds_per_group: int  # bytes a workgroup can address
    addressable: int  # max VGPRs one wave can address
    unified_agpr: bool  # VGPR and AGPR share one file (gfx90a, gfx94x)
    sgpr_limited: bool  # SGPRs can limit occupancy (gfx9)
    simds: int = 4


ARCHES: dict[str, Arch] = {
    "gfx908": Arch("gfx908", 64, 256, 4, 10, 65536, 65536, 256, False, True),
    "gfx90a": Arch("gfx90a", 64, 512, 8, 8, 65536, 65536, 512, True, True),
    "gfx940": Arch("gfx940", 64, 512, 8, 8, 65536, 65536, 512, True, True),
    "gfx941": Arch("gfx941", 64, 512, 8, 8, 65536, 65536, 512, True, True),
    "gfx942": Arch("gfx942", 64, 512, 8, 8, 65536, 65536, 512, True, True),
    "gfx950": Arch("gfx950", 64, 512, 8, 8, 163840, 163840, 512, True, True),
    "gfx1030": Arch("gfx1030", 32, 1024, 16, 16, 131072, 65536, 256, False, False),
    "gfx1100": Arch("gfx1100", 32, 1536, 24, 16, 131072, 65536, 256, False, False),
    "gfx1101": Arch("gfx1101", 32, 1536, 24, 16, 131072, 65536, 256, False, False),
    "gfx1102": Arch("gfx1102", 32, 1024, 16, 16, 131072, 65536, 256, False, False),
}


def align_up(value: int, granule: int) -> int:
    return -(-value // granule) * granule


def registers_per_wave(arch: Arch, vgpr: int, agpr: int) -> int:
    if arch.unified_agpr:
        return align_up(vgpr, 4) + agpr
    if arch.name == "gfx908":
        return max(vgpr, agpr)
    return vgpr


def waves_by_vgpr(arch: Arch, vgpr: int, agpr: int = 0) -> int:
    used = registers_per_wave(arch, vgpr, agpr)
    if used < arch.granule:
        return arch.max_waves
    return min(arch.max_waves, max(1, arch.vgprs // align_up(used, arch.granule)))


def waves_by_sgpr(arch: Arch, sgpr: int) -> int:
    if not arch.sgpr_limited:
        return arch.max_waves
    return min(arch.max_waves, 10 if sgpr <= 80 else 9 if sgpr <= 88 else 8 if sgpr <= 100 else 7)


def occupancy(arch: Arch, vgpr: int, agpr: int, sgpr: int, lds: int, threads: int) -> int:
    """Waves per SIMD for a kernel using these resources with `threads` per workgroup."""
    per_simd = min(waves_by_vgpr(arch, vgpr, agpr), waves_by_sgpr(arch, sgpr))
    waves_per_group = math.ceil(threads / arch.wave)
    groups_by_lds = arch.lds_per_cu // lds if lds else 10**9
    groups_by_waves = per_simd * arch.simds // waves_per_group
    groups = min(groups_by_lds, groups_by_waves, 16 if waves_per_group > 1 else 10**9)
    return max(0, min(per_simd, groups * waves_per_group // arch.simds))


def register_cap(arch: Arch, threads: int) -> int:
    """The most VGPRs (+AGPRs) the compiler lets a kernel use for this max workgroup size."""
    waves = max(1, math.ceil(math.ceil(threads / arch.wave) / arch.simds))
    return min(arch.addressable, (arch.vgprs // waves) // arch.granule * arch.granule)
