"""HP314: cuBLAS's workspace setter per target: hipblasSetWorkspace from ROCm 7.0, rocBLAS's
rocblas_set_workspace, or dropped where hipBLAS has none."""

from __future__ import annotations

from hipify_plus.edits import Edit, Fix
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._blas_rewrites import whole_statement
from hipify_plus.lint.detectors.libraries._calls import _callee, _uses
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node
from hipify_plus.rewrite.blas import plan_workspace_setter, workspace_dropped_comment


# HP314
@detector("call_expression", emits=("HP314",), names=("cublasSetWorkspace", "hipblasSetWorkspace"))
def blas_workspace_setter_unmapped(node: Node, ctx: LintContext) -> None:
    name = _callee(node, ctx)
    if name not in ("cublasSetWorkspace", "cublasSetWorkspace_v2", "hipblasSetWorkspace"):
        return
    function = node.child_by_field_name("function") or node
    plan = plan_workspace_setter(
        name,
        ctx.settings.target_rocm,
        roc=ctx.settings.roc or _uses(ctx, "rocblas_"),
        ported=ctx.settings.converted or _uses(ctx, "hipblas") or _uses(ctx, "rocblas_"),
    )
    if plan is None:
        return
    if plan.rename:
        fix = ctx.fix(
            "HP314", f"Use `{plan.rename}`", [Edit(function.start_byte, function.end_byte, plan.rename.encode())]
        )
        ctx.report("HP314", function, plan.message, fix)
        return
    statement = whole_statement(node)
    drop_fix: Fix | None = None
    message = plan.message
    if plan.drop and statement is not None:
        comment = workspace_dropped_comment(ctx.text(node), ctx.settings.target_rocm)
        drop_fix = ctx.fix(
            "HP314",
            "Drop the call (rocBLAS allocates its own workspace)",
            [Edit(statement.start_byte, statement.end_byte, comment.encode())],
        )
    elif plan.drop:
        message += "; its result is used, so it cannot simply go: replace the call by HIPBLAS_STATUS_SUCCESS"
    ctx.report("HP314", function, message, drop_fix)
