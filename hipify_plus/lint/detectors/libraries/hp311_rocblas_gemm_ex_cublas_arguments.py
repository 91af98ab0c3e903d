"""HP311: rocblas_gemm_*_ex called with cuBLAS's argument list."""

from __future__ import annotations

from hipify_plus.cuda.syntax import call_args
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import _callee
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node

_ROCBLAS_GEMM_EX = {  # name -> (cuBLAS argument count, index of ldc, index of compute type)
    "rocblas_gemm_ex": (19, 16, 17),
    "rocblas_gemm_batched_ex": (20, 16, 18),
    "rocblas_gemm_strided_batched_ex": (23, 18, 21),
}
_ROCBLAS_DATATYPE = {
    **{k: "rocblas_datatype_f32_r" for k in ("CUBLAS_COMPUTE_32F", "HIPBLAS_COMPUTE_32F", "CUDA_R_32F",
                                              "HIP_R_32F", "HIPBLAS_R_32F", "rocblas_compute_type_f32",
                                              "rocblas_datatype_f32_r")},
    **{k: "rocblas_datatype_f16_r" for k in ("CUBLAS_COMPUTE_16F", "HIPBLAS_COMPUTE_16F", "CUDA_R_16F",
                                              "HIP_R_16F", "HIPBLAS_R_16F", "rocblas_datatype_f16_r")},
    **{k: "rocblas_datatype_f64_r" for k in ("CUBLAS_COMPUTE_64F", "HIPBLAS_COMPUTE_64F", "CUDA_R_64F",
                                              "HIP_R_64F", "HIPBLAS_R_64F", "rocblas_datatype_f64_r")},
    **{k: "rocblas_datatype_i32_r" for k in ("CUBLAS_COMPUTE_32I", "HIPBLAS_COMPUTE_32I", "CUDA_R_32I",
                                              "HIP_R_32I", "HIPBLAS_R_32I", "rocblas_datatype_i32_r")},
}
_DEFAULT_ALGOS = frozenset({"CUBLAS_GEMM_DEFAULT", "CUBLAS_GEMM_DFALT", "HIPBLAS_GEMM_DEFAULT",
                            "rocblas_gemm_algo_standard"})


# HP311
@detector("call_expression", emits=("HP311",))
def rocblas_gemm_ex_with_cublas_arguments(node: Node, ctx: LintContext) -> None:
    name = _callee(node, ctx)
    shape = _ROCBLAS_GEMM_EX.get(name)
    if shape is None:
        return
    count, ldc, compute = shape
    args = call_args(node)
    if len(args) != count:
        return
    function = node.child_by_field_name("function") or node
    message = (f"`{name}` has cuBLAS's {count} arguments: rocBLAS also takes the output D "
               "(d, d_type, ldd), a rocblas_datatype compute type, solution_index and flags")
    compute_text = ctx.text(args[compute])
    algo_text = ctx.text(args[compute + 1])
    fix = None
    if compute_text in _ROCBLAS_DATATYPE and algo_text in _DEFAULT_ALGOS:
        c_args = [ctx.text(a) for a in args[ldc - 2: ldc + 1]]
        if name == "rocblas_gemm_strided_batched_ex":
            c_args = [ctx.text(a) for a in args[ldc - 2: ldc + 2]]
            insert_after = args[ldc + 1]
        else:
            insert_after = args[ldc]
        edits = [
            Edit(insert_after.end_byte, insert_after.end_byte, (", " + ", ".join(c_args)).encode()),
            Edit(args[compute].start_byte, args[compute].end_byte, _ROCBLAS_DATATYPE[compute_text].encode()),
            Edit(args[compute + 1].start_byte, args[compute + 1].end_byte,
                 b"rocblas_gemm_algo_standard, 0, rocblas_gemm_flags_none"),
        ]
        fix = ctx.fix("HP311", "Write the rocBLAS argument list (D = C, in place)", edits)
    ctx.report("HP311", function, message, fix)
