"""HP316: Grouped GEMM or explicit/tensor-op cuBLAS GEMM algorithm with no AMD mapping."""

from __future__ import annotations

import re

from hipify_plus.cuda.syntax import call_args, defines_name
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._blas_calls import _GEMM_TYPES, _gemm_types
from hipify_plus.lint.detectors.libraries._calls import _ancestor, _callee, _starts, _uses
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node
from hipify_plus.rewrite.blas import data_type


# HP316
@detector("call_expression", emits=("HP316",), names=("cublasGemmGroupedBatchedEx",))
def grouped_gemm_unmapped(node: Node, ctx: LintContext) -> None:
    name = _callee(node, ctx)
    if name not in ("cublasGemmGroupedBatchedEx", "cublasGemmGroupedBatchedEx_64"):
        return
    function = node.child_by_field_name("function") or node
    ctx.report(
        "HP316",
        function,
        f"`{name}` has no hipBLAS/rocBLAS equivalent: loop over the groups with "
        "`hipblasGemmBatchedEx` (one call per group shape) or use hipBLASLt's grouped GEMM extension",
    )


_TENSOR_OP_ALGO = re.compile(r"^CUBLAS_GEMM_(?:DEFAULT_TENSOR_OP|DFALT_TENSOR_OP|ALGO\d+(?:_TENSOR_OP)?)$")
_NARROW_TYPES = re.compile(r"^(?:CUDA|HIP)_R_(?:16F|16BF|8I|8U|8F_\w+)$|^HIPBLAS_R_(?:16F|16B|8I)$")


def _narrow(text: str) -> bool:
    """A 16- or 8-bit GEMM input type, in any library's spelling (rocBLAS's too, after --roc)."""
    found = data_type(text)
    return bool(_NARROW_TYPES.match(text)) or (found is not None and found.key in ("r16f", "r16bf", "r8i", "r8u"))


# HP316
@detector("identifier", emits=("HP316",), names=("CUBLAS_GEMM_",))
def gemm_algorithm_unmapped(node: Node, ctx: LintContext) -> None:
    if not _starts(node, ctx, (b"CUBLAS_GEMM_",)):
        return
    text = ctx.text(node)
    if not _TENSOR_OP_ALGO.match(text) or text in ctx.project_names or defines_name(node):
        return  # the project ports it itself (ggml's vendors/hip.h: #define CUBLAS_GEMM_DEFAULT_TENSOR_OP ...)
    call = _ancestor(node, frozenset({"call_expression"}))
    name = _callee(call, ctx) if call is not None else ""
    if name.startswith("hipblas") or (not name and _uses(ctx, "hipblas")):
        default = "HIPBLAS_GEMM_DEFAULT"
    elif name.startswith("rocblas_") or (not name and _uses(ctx, "rocblas_")):
        default = "rocblas_gemm_algo_standard"
    else:
        default = "CUBLAS_GEMM_DEFAULT"
    safe = False
    if text == "CUBLAS_GEMM_DEFAULT_TENSOR_OP" and call is not None and name in _GEMM_TYPES:
        types = _gemm_types(name, call_args(call), ctx)
        safe = types is not None and _narrow(types[0]) and _narrow(types[1])
    fix = ctx.fix(
        "HP316",
        f"Use `{default}`",
        [Edit(node.start_byte, node.end_byte, default.encode())],
        applicability=None if safe else "unsafe",
    )
    kind = "an explicit cuBLAS algorithm" if "ALGO" in text else "the deprecated tensor-op default"
    ctx.report(
        "HP316",
        node,
        f"`{text}` is {kind}: it has no hipBLAS/rocBLAS mapping, and hipBLAS on AMD accepts only HIPBLAS_GEMM_DEFAULT",
        fix,
    )
