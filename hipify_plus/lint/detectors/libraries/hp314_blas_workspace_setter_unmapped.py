"""HP314: cublasSetWorkspace has no hipBLAS mapping."""

from __future__ import annotations

from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import _callee, _uses
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node


# HP314
@detector("call_expression", emits=("HP314",))
def blas_workspace_setter_unmapped(node: Node, ctx: LintContext) -> None:
    name = _callee(node, ctx)
    if name not in ("cublasSetWorkspace", "cublasSetWorkspace_v2"):
        return
    function = node.child_by_field_name("function") or node
    if _uses(ctx, "rocblas_"):
        fix = ctx.fix("HP314", "Use `rocblas_set_workspace`",
                      [Edit(function.start_byte, function.end_byte, b"rocblas_set_workspace")])
        ctx.report("HP314", function, f"`{name}` has no hipBLAS/rocBLAS mapping; rocBLAS's "
                   "`rocblas_set_workspace(handle, addr, size)` takes the same arguments", fix)
        return
    ctx.report("HP314", function, f"`{name}` has no hipBLAS mapping: after porting, drop it (rocBLAS "
               "allocates its own workspace) or, on AMD only, call `rocblas_set_workspace` on the handle")
