"""HP315: fp16-input, fp32-compute GEMM flushes fp16 denormals on gfx90a."""

from __future__ import annotations

from hipify_plus.cuda.syntax import call_args
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._blas_calls import _GEMM_TYPES, _gemm_types
from hipify_plus.lint.detectors.libraries._calls import _callee
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

_F16 = frozenset({"CUDA_R_16F", "HIP_R_16F", "HIPBLAS_R_16F", "rocblas_datatype_f16_r"})
_F32_COMPUTE = frozenset(
    {
        "CUBLAS_COMPUTE_32F",
        "CUBLAS_COMPUTE_32F_PEDANTIC",
        "HIPBLAS_COMPUTE_32F",
        "CUDA_R_32F",
        "HIP_R_32F",
        "HIPBLAS_R_32F",
        "rocblas_datatype_f32_r",
        "rocblas_compute_type_f32",
    }
)


# HP315
@detector("call_expression", emits=("HP315",), names=tuple(_GEMM_TYPES))
def fp16_hpa_gemm_on_mi200(node: Node, ctx: LintContext) -> None:
    if "gfx90a" not in ctx.settings.arches:
        return
    name = _callee(node, ctx)
    if name not in _GEMM_TYPES:
        return
    args = call_args(node)
    types = _gemm_types(name, args, ctx)
    if types is None or types[0] not in _F16 or types[1] not in _F16 or types[2] not in _F32_COMPUTE:
        return
    if any("fp16_alt_impl" in ctx.text(a).lower() for a in args):
        return
    function = node.child_by_field_name("function") or node
    ctx.report(
        "HP315",
        function,
        f"`{name}` multiplies fp16 inputs with fp32 compute: on gfx90a (MI200) "
        "the fp16 matrix instructions flush fp16 denormal inputs and outputs to zero; if small values "
        "matter (gradients), pass `rocblas_gemm_flags_fp16_alt_impl` (hipBLAS: "
        "`HIPBLAS_GEMM_FLAGS_FP16_ALT_IMPL` with `hipblasGemmExWithFlags`)",
    )
