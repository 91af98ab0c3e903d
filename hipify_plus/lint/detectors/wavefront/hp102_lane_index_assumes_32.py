"""HP102: Lane or warp index computed for 32-lane warps.

The sites are found by the shared warp-size unit analysis (`_warp_unit_sites._lane_index_site`):
whether one site's fix is safe depends on every HP102, HP105 and HP110 site of its unit,
whichever of those rules are selected (see `_warp_units.py`). The same math in a
`#define` body is text, matched here."""

from __future__ import annotations

import re

from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.wavefront._patterns import LITERAL_5, LITERAL_31, LITERAL_32, WARP_LITERALS
from hipify_plus.lint.detectors.wavefront._syntax import _literal
from hipify_plus.lint.detectors.wavefront._warp_units import _report_site, _warp_set
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node


# HP102
@detector("binary_expression", "preproc_arg", emits=("HP102",))
def lane_index_assumes_32(node: Node, ctx: LintContext) -> None:
    if node.type == "preproc_arg":
        _lane_index_in_macro(node, ctx)
        return
    if _literal(node.child_by_field_name("right"), ctx) not in WARP_LITERALS:
        return
    site = _warp_set(ctx).sites.get(("HP102", node.start_byte, node.end_byte))
    if site is not None:
        _report_site(ctx, site)


_MACRO_LANE_MATH = re.compile(
    rf"threadIdx\.x\s*\)?\s*(&\s*{LITERAL_31}|%\s*{LITERAL_32}|/\s*{LITERAL_32}|>>\s*{LITERAL_5})"
)
_MACRO_FIXES = {"&": "& (warpSize - 1)", "%": "% warpSize", "/": "/ warpSize", ">>": "/ warpSize"}


def _lane_index_in_macro(node: Node, ctx: LintContext) -> None:
    """`#define LANE_ID (threadIdx.x & 31)`: the macro body is text, so match it as text."""
    text = ctx.text(node)
    if "threadIdx" not in text:
        return
    for match in _MACRO_LANE_MATH.finditer(text):
        operator = re.match(r"&|%|/|>>", match.group(1)).group(0)  # type: ignore[union-attr]
        start = node.start_byte + len(text[: match.start(1)].encode())
        end = node.start_byte + len(text[: match.end()].encode())
        what = "a lane index" if operator in ("&", "%") else "a warp index"
        replacement = _MACRO_FIXES[operator]
        fix = ctx.fix("HP102", f"Use `{replacement}`", [Edit(start, end, replacement.encode())], applicability="unsafe")
        ctx.report(
            "HP102",
            (node.start_byte + len(text[: match.start()].encode()), end),
            f"`{match.group(0)}` computes {what} for 32-lane warps in a macro: a wavefront has 64 "
            "lanes on CDNA (the fix is unsafe: the code that uses the macro is not checked)",
            fix,
        )
