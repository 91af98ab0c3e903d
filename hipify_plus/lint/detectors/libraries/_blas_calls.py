"""BLAS facts several rules share: where the A, B and compute types sit in each GEMM call (HP315,
HP316), and the targets with XF32 and FNUZ FP8 matrix instructions (HP312, HP317)."""

from __future__ import annotations

from hipify_plus.lint.context import LintContext
from hipify_plus.parse import Node

_GEMM_TYPES = {  # name -> (A type, B type, compute type) argument indices
    "cublasGemmEx": (8, 11, 17),
    "hipblasGemmEx": (8, 11, 17),
    "hipblasGemmEx_v2": (8, 11, 17),
    "cublasGemmBatchedEx": (8, 11, 18),
    "hipblasGemmBatchedEx": (8, 11, 18),
    "hipblasGemmBatchedEx_v2": (8, 11, 18),
    "cublasGemmStridedBatchedEx": (8, 12, 21),
    "hipblasGemmStridedBatchedEx": (8, 12, 21),
    "hipblasGemmStridedBatchedEx_v2": (8, 12, 21),
    "rocblas_gemm_ex": (8, 11, 20),
    "rocblas_gemm_batched_ex": (8, 11, 21),
    "rocblas_gemm_strided_batched_ex": (8, 12, 25),
}


def _gemm_types(name: str, args: list[Node], ctx: LintContext) -> tuple[str, str, str] | None:
    positions = _GEMM_TYPES.get(name)
    if positions is None:
        return None
    if name.startswith("rocblas_") and len(args) in (19, 20, 23):
        positions = positions[:2] + ({19: 17, 20: 18, 23: 21}[len(args)],)
    if max(positions) >= len(args):
        return None
    a, b, compute = (ctx.text(args[i]) for i in positions)
    return a, b, compute


_XF32_ARCHES = frozenset({"gfx940", "gfx941", "gfx942"})
