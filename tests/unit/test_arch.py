"""AMD target IDs as the settings spell them (hipify_plus/amd/arch.py), and the rules that read them."""

from __future__ import annotations

import pytest

from hipify_plus.amd.arch import generation, normalize_arch, target_arches, wave_size
from hipify_plus.lint.engine import lint
from hipify_plus.lint.settings import LintSettings

TARGETS = [
    pytest.param("gfx90a", "gfx90a", 64, id="plain"),
    pytest.param("gfx90a:xnack-", "gfx90a", 64, id="xnack-off"),
    pytest.param("gfx942:sramecc+:xnack-", "gfx942", 64, id="two-features"),
    pytest.param(" GFX1030 ", "gfx1030", 32, id="case-and-blanks"),
    pytest.param("gfx1100:xnack+", "gfx1100", 32, id="rdna3-with-feature"),
    pytest.param("gfx908", "gfx908", 64, id="cdna1"),
    pytest.param("gfx9-4-generic", "gfx9-4-generic", 64, id="generic-cdna3"),
    pytest.param("gfx10-3-generic", "gfx10-3-generic", 32, id="generic-rdna2"),
    pytest.param("gfx11-generic", "gfx11-generic", 32, id="generic-rdna3"),
]


@pytest.mark.parametrize(("target", "arch", "wave"), TARGETS)
def test_target_id(target: str, arch: str, wave: int) -> None:
    assert normalize_arch(target) == arch
    assert wave_size(target) == wave
    assert generation(target) == (9 if wave == 64 else generation(arch))


def test_targets_are_listed_once_and_default_to_gfx90a() -> None:
    assert target_arches(["gfx1030:xnack-", "gfx1030:xnack+", "gfx90a"]) == ["gfx1030", "gfx90a"]
    assert target_arches([]) == ["gfx90a"]


TILE = b"""#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(float* x)
{
    auto tile = cg::tiled_partition<64>(cg::this_thread_block());
    x[threadIdx.x] = tile.thread_rank();
}
"""


@pytest.mark.parametrize(
    "arches", [("gfx90a:xnack-", "gfx1030:xnack-"), ("gfx90a", "gfx1030:xnack-", "gfx1030:xnack+")]
)
def test_hp108_names_the_processor_of_a_target_id(arches: tuple[str, ...]) -> None:
    result = lint("k.cu", TILE, LintSettings(select=("HP108",), arches=arches))
    assert [d.rule for d in result.diagnostics] == ["HP108"]
    assert "does not compile for gfx1030: RDNA" in result.diagnostics[0].message


def test_hp108_is_quiet_for_cdna_targets_with_features() -> None:
    result = lint("k.cu", TILE, LintSettings(select=("HP108",), arches=("gfx90a:xnack-", "gfx942:sramecc+")))
    assert result.diagnostics == []
