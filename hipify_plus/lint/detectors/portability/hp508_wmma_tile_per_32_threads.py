"""HP508: WMMA kernel that assigns one tile to each 32 threads."""

from __future__ import annotations

import re

from hipify_plus.cuda.syntax import enclosing_function
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _device_excluded
from hipify_plus.lint.detectors.portability._file import _contains, _raw
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

WMMA_USE = re.compile(r"\bwmma::|\bmma_sync\s*\(|\bload_matrix_sync\s*\(|\bfragment\s*<")
THREAD_INDEX_NAME = re.compile(r"\b(\w+)\s*=\s*[^;,]*\bthreadIdx\.x\b")


# HP508
@detector("binary_expression", emits=("HP508",))
def wmma_tile_per_32_threads(node: Node, ctx: LintContext) -> None:
    operator = node.child_by_field_name("operator")
    op = _raw(operator, ctx) if operator is not None else b""
    if op not in (b"/", b">>") or not _contains(ctx.data, b"wmma"):
        return
    divisor = ctx.int_value(node.child_by_field_name("right"))
    if (op, divisor) not in ((b"/", 32), (b">>", 5)):
        return
    function = enclosing_function(node)
    if function is None:
        return
    body = ctx.text(function)
    left = ctx.text(node.child_by_field_name("left"))
    lane_names = set(THREAD_INDEX_NAME.findall(body))
    if "threadIdx.x" not in left and not lane_names & set(re.findall(r"\w+", left)):
        return
    if not WMMA_USE.search(body) or _device_excluded(node, ctx):
        return
    expression = " ".join(ctx.text(node).split())
    ctx.report("HP508", node, f"`{expression}` gives one WMMA tile to each 32 threads: on a "
               "64-lane wavefront two such 'warps' share one wavefront and one fragment; index "
               "tiles by `warpSize` (the wavefront)")
