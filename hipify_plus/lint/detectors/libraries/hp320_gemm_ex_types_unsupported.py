"""HP320: a GEMM_ex type combination (A, B, C, compute) that hipBLAS's rocBLAS backend and
rocBLAS reject at run time."""

from __future__ import annotations

from hipify_plus.cuda.syntax import callee_name, callee_node
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._blas_rewrites import arguments
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node
from hipify_plus.rewrite.blas import type_positions, unsupported_combination


@detector("call_expression", emits=("HP320",), names=("cublasGemm", "hipblasGemm", "rocblas_gemm"))
def gemm_ex_types_unsupported(node: Node, ctx: LintContext) -> None:
    name = callee_name(node)
    if "emm" not in name or not name.startswith(("cublasGemm", "hipblasGemm", "rocblas_gemm")):
        return
    args = arguments(node)
    positions = type_positions(name, len(args))
    if positions is None:
        return
    found = unsupported_combination(*(ctx.text(args[i]) for i in positions))
    if found is None:
        return
    written, supported = found
    ctx.report(
        "HP320",
        callee_node(node) or node,
        f"`{name}` with {written}: hipBLAS (rocBLAS backend) and rocBLAS do not run this combination "
        f"and return NOT_SUPPORTED at run time; for these inputs they run: {supported}",
    )
