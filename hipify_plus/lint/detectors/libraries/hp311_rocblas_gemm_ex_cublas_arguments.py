"""HP311: rocblas_gemm_*_ex called with cuBLAS's argument list; the fix renders rocBLAS's
(hipify_plus/rewrite/blas.py, templates/blas/rocblas_gemm_ex_*.j2)."""

from __future__ import annotations

from hipify_plus.cuda.syntax import call_args
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._blas_rewrites import plan_edits
from hipify_plus.lint.detectors.libraries._calls import _callee
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node
from hipify_plus.rewrite.blas import ROCBLAS_SHAPES, plan_rocblas_gemm


# HP311
@detector("call_expression", emits=("HP311",), names=tuple(ROCBLAS_SHAPES))
def rocblas_gemm_ex_with_cublas_arguments(node: Node, ctx: LintContext) -> None:
    name = _callee(node, ctx)
    if name not in ROCBLAS_SHAPES:
        return
    args = call_args(node)
    plan = plan_rocblas_gemm(name, [ctx.text(a) for a in args])
    if plan is None:
        return
    function = node.child_by_field_name("function") or node
    message = (
        f"`{name}` has cuBLAS's {len(args)} arguments: rocBLAS takes {ROCBLAS_SHAPES[name].rocblas_count}, "
        "with the output D (d, d_type, ldd), a rocblas_datatype compute type, solution_index and flags"
    )
    if plan.problems:
        ctx.report("HP311", function, message + "; " + "; ".join(p.message for p in plan.problems))
        return
    fix = ctx.fix("HP311", "Write the rocBLAS argument list (D = C, in place)", plan_edits(node, args, plan))
    ctx.report("HP311", function, message, fix)
