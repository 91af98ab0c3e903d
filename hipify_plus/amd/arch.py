"""AMD GPU targets as the settings name them: a target ID (`gfx90a`, `gfx90a:xnack-`,
`gfx942:sramecc+:xnack-`) reduced to its processor, and the wavefront width of that processor.
The one place that reads `--offload-arch` spellings for the lint rules."""

from __future__ import annotations

from collections.abc import Iterable

DEFAULT_ARCH = "gfx90a"


def normalize_arch(target: str) -> str:
    """The processor of a target ID, lower-case, without its feature settings (`:xnack-`)."""
    return target.strip().split(":")[0].lower()


def target_arches(targets: Iterable[str]) -> list[str]:
    """The processors of the targets the settings name, in order, each once (gfx90a by default)."""
    found: list[str] = []
    for target in targets:
        arch = normalize_arch(target)
        if arch and arch not in found:
            found.append(arch)
    return found or [DEFAULT_ARCH]


def generation(arch: str) -> int:
    """The GFX major version: 9 for gfx90a and gfx942, 10 for gfx1030, 11 for gfx1100 and for the
    generic targets `gfx11-generic`, 10 for `gfx10-3-generic`."""
    digits = normalize_arch(arch).removeprefix("gfx")
    if digits.endswith("-generic"):
        major = digits.split("-")[0]
        return int(major) if major.isdigit() else 9
    return int(digits[:-2]) if len(digits) >= 3 and digits[:-2].isdigit() else 9


def wave_size(arch: str) -> int:
    """Lanes per wavefront: 64 on GCN/CDNA (gfx9 and older), 32 on RDNA (gfx10 and newer)."""
    return 64 if generation(arch) <= 9 else 32
