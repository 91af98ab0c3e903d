"""HP720: NVTX resource naming (`nvtxNameCudaStreamA(stream, "main")` & co.) left in HIP code.
roctx names no streams, events, devices or threads, and the call only labels the resource in
NVIDIA's profilers, so a call that is a statement of its own becomes `((void)0)`; elsewhere
(its result used) it keeps an error."""

from __future__ import annotations

import re

from hipify_plus.cuda.syntax import callee_node, node_text
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

NAMING = re.compile(r"nvtxName(?:Cuda|Cu|Cl)?(?:Stream|Event|Device|Context|OsThread|Category)[AW]")


@detector("call_expression", emits=("HP720",), names=("nvtxName",))
def profiler_naming_call(node: Node, ctx: LintContext) -> None:
    callee = callee_node(node)
    if callee is None or callee.type != "identifier" or not ctx.is_hip:
        return
    name = node_text(callee)
    if not name.startswith("nvtxName") or not NAMING.fullmatch(name):
        return
    if ctx.provides(name) or name in ctx.project_names:
        return  # the project's own helper of that name
    what = "roctx names no streams, events, devices or threads"
    if node.parent is None or node.parent.type != "expression_statement":
        ctx.report(
            "HP720",
            callee,
            f"`{name}` is NVTX resource naming, which HIP lacks ({what}): its result is used "
            "here, so remove the call by hand",
        )
        return
    fix = ctx.fix("HP720", f"Drop `{name}`", [Edit(node.start_byte, node.end_byte, b"((void)0)")])
    ctx.report(
        "HP720",
        callee,
        f"`{name}` only labels a resource in NVIDIA's profilers and {what}: the call "
        "becomes `((void)0)` (roctx's ranges and marks stay)",
        fix,
    )
