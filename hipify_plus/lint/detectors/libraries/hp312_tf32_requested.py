"""HP312: TF32 math requested from cuBLAS/hipBLAS/cuBLASLt/cuDNN."""

from __future__ import annotations

import re

from hipify_plus.cuda.syntax import call_args
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._blas_calls import _XF32_ARCHES
from hipify_plus.lint.detectors.libraries._calls import _ancestor, _callee, _calls, _starts, _uses
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

_TF32_COMPUTE = frozenset({"CUBLAS_COMPUTE_32F_FAST_TF32", "HIPBLAS_COMPUTE_32F_FAST_TF32"})
_TF32_MATH = frozenset({"CUBLAS_TF32_TENSOR_OP_MATH", "HIPBLAS_TF32_TENSOR_OP_MATH"})
_BLAS_GEMM = re.compile(r"^(?:cublas|hipblas)Gemm\w*Ex(?:_v2|_64)?$|^rocblas_gemm\w*_ex$")
_LT_CALL = re.compile(r"^(?:cublasLt|hipblasLt)\w+")


def _enclosing_call_name(node: Node, ctx: LintContext) -> str:
    call = _ancestor(node, frozenset({"call_expression"}))
    while call is not None:
        name = _callee(call, ctx)
        if _BLAS_GEMM.match(name) or _LT_CALL.match(name) or name.endswith(("SetMathMode", "set_math_mode")):
            return name
        call = _ancestor(call, frozenset({"call_expression"}))
    return ""


# HP312
@detector("identifier", emits=("HP312",))
def tf32_requested(node: Node, ctx: LintContext) -> None:
    if not _starts(node, ctx, (b"CUBLAS_", b"HIPBLAS_")):
        return
    text = ctx.text(node)
    if text not in _TF32_COMPUTE and text not in _TF32_MATH:
        return
    call = _enclosing_call_name(node, ctx)
    xf32 = bool(_XF32_ARCHES & set(ctx.settings.arches))
    if text in _TF32_MATH:
        fix = None
        if call == "rocblas_set_math_mode":
            fix = ctx.fix("HP312", "Use `rocblas_xf32_xdl_math_op`",
                          [Edit(node.start_byte, node.end_byte, b"rocblas_xf32_xdl_math_op")])
        elif text.startswith("HIPBLAS"):
            fix = ctx.fix("HP312", "Use `HIPBLAS_XF32_XDL_MATH`",
                          [Edit(node.start_byte, node.end_byte, b"HIPBLAS_XF32_XDL_MATH")], applicability="unsafe")
        ctx.report("HP312", node, f"`{text}` asks for TF32: hipBLAS on AMD rejects this math mode "
                   "(HIPBLAS_STATUS_NOT_SUPPORTED); AMD's counterpart is XF32 (`HIPBLAS_XF32_XDL_MATH`, "
                   "`rocblas_xf32_xdl_math_op`), which runs on gfx940-942 and is ignored elsewhere", fix)
        return
    lt = bool(_LT_CALL.match(call)) or (not call and (_uses(ctx, "cublasLt") or _uses(ctx, "hipblasLt"))
                                         and not any(_BLAS_GEMM.match(c.name) for c in _calls(ctx)))
    if lt:
        if xf32:
            ctx.report("HP312", node, f"`{text}` in hipBLASLt runs as XF32 on gfx940-942: close to TF32 "
                       "but not bit-identical; compare results against the NVIDIA run", severity="info")
        else:
            targets = ", ".join(ctx.settings.arches)
            ctx.report("HP312", node, f"`{text}`: {targets} has no XF32/TF32 matrix path, so hipBLASLt falls "
                       "back to full FP32 (correct, but several times slower than TF32 on NVIDIA)",
                       severity="warning")
        return
    if _BLAS_GEMM.match(call):
        fix = None
        if text.startswith("HIPBLAS") and call.startswith("hipblas"):
            fix = ctx.fix("HP312", "Use `HIPBLAS_COMPUTE_32F`",
                          [Edit(node.start_byte, node.end_byte, b"HIPBLAS_COMPUTE_32F")], applicability="unsafe")
        hint = " and `hipblasSetMathMode(handle, HIPBLAS_XF32_XDL_MATH)` for XF32" if xf32 else ""
        ctx.report("HP312", node, f"`{text}` in `{call}`: hipBLAS/rocBLAS on AMD do not accept a TF32 compute "
                   f"type (HIPBLAS_STATUS_NOT_SUPPORTED); use HIPBLAS_COMPUTE_32F{hint}", fix)
        return
    ctx.report("HP312", node, f"`{text}` asks for TF32: hipBLAS GEMMs on AMD reject it "
               "(HIPBLAS_STATUS_NOT_SUPPORTED) while hipBLASLt maps it to XF32 (gfx940-942 only)",
               severity="warning")


# HP312
@detector("call_expression", emits=("HP312",))
def convolution_tensor_op_math(node: Node, ctx: LintContext) -> None:
    if _callee(node, ctx) != "cudnnSetConvolutionMathType":
        return
    args = call_args(node)
    if len(args) != 2 or not ctx.text(args[1]).startswith("CUDNN_TENSOR_OP_MATH"):
        return
    ctx.report("HP312", args[1], f"`{ctx.text(args[1])}` lets cuDNN run FP32 convolutions in TF32: MIOpen has "
               "no math-type setting (no HIPIFY mapping); remove the call, FP32 convolutions stay FP32 on AMD",
               severity="warning")
