"""HP110: Number of warps per block computed for 32-thread warps.

The sites are found by the shared warp-size unit analysis (`_warp_unit_sites._warp_count_site`,
and `_lane_read_site` for per-warp values read back by a wavefront lane index):
whether one site's fix is safe depends on every HP102, HP105 and HP110 site of its unit,
whichever of those rules are selected (see `_warp_units.py`)."""

from __future__ import annotations

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.wavefront._patterns import WARP_LITERALS
from hipify_plus.lint.detectors.wavefront._syntax import _literal
from hipify_plus.lint.detectors.wavefront._warp_units import _report_site, _warp_set
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node


# HP110
@detector("binary_expression", "subscript_expression", emits=("HP110",))
def warp_count_assumes_32(node: Node, ctx: LintContext) -> None:
    if node.type == "binary_expression" and _literal(node.child_by_field_name("right"), ctx) not in WARP_LITERALS:
        return
    site = _warp_set(ctx).sites.get(("HP110", node.start_byte, node.end_byte))
    if site is not None:
        _report_site(ctx, site)
