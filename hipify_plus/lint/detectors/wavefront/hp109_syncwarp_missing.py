"""HP109: `__syncwarp` is not declared by HIP."""

from __future__ import annotations

from hipify_plus.cuda.syntax import call_args
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.wavefront._macros import SYNCWARP_BLOCK, SYNCWARP_MACRO, _with_macro
from hipify_plus.lint.detectors.wavefront._masks import _mask_value
from hipify_plus.lint.registry import detector
from hipify_plus.literals import FULL_32BIT
from hipify_plus.parse import Node


# HP109
@detector("call_expression", emits=("HP109",), names=("__syncwarp",))
def syncwarp_missing(node: Node, ctx: LintContext) -> None:
    function = node.child_by_field_name("function")
    if function is None or function.type != "identifier" or ctx.text(function) != "__syncwarp":
        return
    if "__syncwarp" in ctx.project_macros:
        return  # the project's own __syncwarp
    args = call_args(node)
    mask = _mask_value(args[0], ctx) if args else None
    full = not args or mask in (FULL_32BIT, -1, 2**64 - 1) or (mask is None and "__activemask" in ctx.text(args[0]))
    message = "`__syncwarp` is not declared by HIP (HIPIFY has no mapping for it)"
    fix = None
    if full:
        edits = _with_macro(
            ctx,
            node,
            [Edit(node.start_byte, node.end_byte, f"{SYNCWARP_MACRO}()".encode())],
            SYNCWARP_MACRO,
            SYNCWARP_BLOCK,
        )
        if edits is not None:
            fix = ctx.fix("HP109", f"Use `{SYNCWARP_MACRO}()` (a wavefront barrier on AMD)", edits)
    else:
        message += f"; the partial mask `{ctx.text(args[0])}` needs a manual translation"
    ctx.report("HP109", node, message, fix)
