"""HP508: WMMA kernel that assigns one tile to each 32 threads. In HIP code ported from CUDA
WMMA, the fix is the file's rocWMMA port (`_wmma_plan.py`), which rewrites the kernel's warp
index and the host code that launches it (`_wmma_warps.py`); a launch whose host side the tool
cannot prove is reported at the launch."""

from __future__ import annotations

import re

from hipify_plus.cuda.syntax import enclosing_function
from hipify_plus.edits import Fix
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _device_excluded
from hipify_plus.lint.detectors.portability._file import _raw
from hipify_plus.lint.detectors.portability._wmma_plan import wmma_fix, wmma_plan
from hipify_plus.lint.registry import detector, file_detector
from hipify_plus.parse import Node

WMMA_USE = re.compile(r"\bwmma::|\bmma_sync\s*\(|\bload_matrix_sync\s*\(|\bfragment\s*<")
THREAD_INDEX_NAME = re.compile(r"\b(\w+)\s*=\s*[^;,]*\bthreadIdx\.x\b")


def _port_status(node: Node, ctx: LintContext) -> tuple[str, Fix | None]:
    """What the file's port does with this site: (message tail, fix)."""
    plan = wmma_plan(ctx)
    port = plan.sites.get((node.start_byte, node.end_byte))
    if not plan.cuda or port is None:
        return "", None
    fix = wmma_fix(plan, ctx, "HP508")
    if fix is not None:
        host = (
            "the block one wavefront per warp"
            if port.form == "local"
            else "the host grid math count wavefront-sized tiles"
        )
        return f"; the fix divides by `warpSize` and makes {host}", fix
    reasons = [reason for _, reason, kind in port.blockers if kind == "kernel"]
    if reasons:
        return f"; not rewritten: {reasons[0]}", None
    if port.blockers:  # a launch the port cannot size, reported at the launch
        line = ctx.source.position(port.blockers[0][0][0])[0]
        return f"; not rewritten: the launch at line {line} cannot be sized for wavefronts (HP508 there)", None
    return "; rewritten with the file's rocWMMA port once what HP506 lists is resolved", None


# HP508
@detector("binary_expression", emits=("HP508",))
def wmma_tile_per_32_threads(node: Node, ctx: LintContext) -> None:
    operator = node.child_by_field_name("operator")
    op = _raw(operator, ctx) if operator is not None else b""
    if op not in (b"/", b">>") or not ctx.mentions(b"wmma"):
        return
    divisor = ctx.int_value(node.child_by_field_name("right"))
    if (op, divisor) not in ((b"/", 32), (b">>", 5)):
        return
    function = enclosing_function(node)
    if function is None:
        return
    left_node = node.child_by_field_name("left")
    if left_node is None:
        return
    body = ctx.text(function)
    left = ctx.text(left_node)
    lane_names = set(THREAD_INDEX_NAME.findall(body))
    if "threadIdx.x" not in left and not lane_names & set(re.findall(r"\w+", left)):
        return
    if not WMMA_USE.search(body):
        return
    tail, fix = _port_status(node, ctx)
    if not tail and _device_excluded(node, ctx):
        return
    expression = " ".join(ctx.text(node).split())
    ctx.report(
        "HP508",
        node,
        f"`{expression}` gives one WMMA tile to each 32 threads: on a "
        "64-lane wavefront two such 'warps' share one wavefront and one fragment; index "
        "tiles by `warpSize` (the wavefront)" + tail,
        fix,
    )


# HP508
@file_detector(emits=("HP508",), names=("nvcuda", "mma.h"))
def wmma_launch_not_ported(ctx: LintContext) -> None:
    """A launch of a WMMA kernel whose host side (block size, grid math, warp-size query) the
    port cannot prove: reported at the launch, with what to change."""
    if b"nvcuda" not in ctx.data and b"mma.h" not in ctx.data:
        return
    plan = wmma_plan(ctx)
    for blocker in plan.blockers if plan.cuda else ():
        if blocker.rule == "HP508":
            ctx.report("HP508", blocker.span, blocker.message)
