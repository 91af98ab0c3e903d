"""HP105: Warp shuffle loop whose offsets are fixed for 32 lanes.

The sites are found by the shared warp-size unit analysis (`_warp_reduction_sites._reduction_site`,
and `_unrolled_reduction_sites` for the offsets written out one call each):
whether one site's fix is safe depends on every HP102, HP105 and HP110 site of its unit,
whichever of those rules are selected (see `_warp_units.py`)."""

from __future__ import annotations

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.wavefront._warp_units import _report_site, _warp_set
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node


# HP105
@detector("for_statement", "call_expression", emits=("HP105",), names=("__shfl",))
def reduction_starts_at_16(node: Node, ctx: LintContext) -> None:
    if node.type == "call_expression" and b"__shfl" not in ctx.data[node.start_byte : node.start_byte + 8]:
        return  # an unrolled chain is anchored at its offset-16 shuffle call
    site = _warp_set(ctx).sites.get(("HP105", node.start_byte, node.end_byte))
    if site is not None:
        _report_site(ctx, site)
