"""cuBLASLt ports: hipBLASLt's compute and data type spellings per ROCm release, and what
hipBLASLt lacks.

Read in hipBLASLt's headers at rocm-5.7.1 (0.3), 6.0.0 (0.6), 6.2.2 (0.8) and HEAD 7d9fb68 (0.11):
- ROCm 5.7: `hipblasLtMatmulDescCreate(desc, hipblasLtComputeType_t, hipblasDatatype_t scale)` with
  `HIPBLASLT_COMPUTE_F32` / `HIPBLASLT_COMPUTE_F32_FAST_XF32` (its only compute types), and
  `hipblasLtMatrixLayoutCreate(layout, hipblasDatatype_t, rows, cols, ld)`;
- ROCm 6.0 on: `hipblasComputeType_t` (`HIPBLAS_COMPUTE_32F`) and `hipDataType` (`HIP_R_32F`);
- the `BIAS_DATA_TYPE` attribute is read through a `void*` as the same type as the layouts',
  so a value of the other release's enum compiles and means another type (HIP_R_16F = 2,
  HIPBLAS_R_16F = 150);
- epilogues in every release: DEFAULT, RELU, BIAS, RELU_BIAS, GELU, GELU_BIAS, GELU_AUX,
  GELU_AUX_BIAS, DGELU, DGELU_BGRAD, BGRADA, BGRADB.
"""

from __future__ import annotations

from collections.abc import Sequence

from hipify_plus.rewrite.blas import CallPlan, Lookup, Problem, compute_type, data_type, is_identifier
from hipify_plus.versions import Version

# call -> (compute argument index or None, data type argument index, argument count)
LT_CALLS = {"hipblasLtMatmulDescCreate": (1, 2, 3), "hipblasLtMatrixLayoutCreate": (None, 1, 5)}
TYPE_ATTRIBUTES = frozenset({"HIPBLASLT_MATMUL_DESC_BIAS_DATA_TYPE", "CUBLASLT_MATMUL_DESC_BIAS_DATA_TYPE"})
OPERATION_ATTRIBUTES = frozenset({"HIPBLASLT_MATMUL_DESC_TRANSA", "HIPBLASLT_MATMUL_DESC_TRANSB"})
# `--roc` spells cuBLAS's operations as rocBLAS's, which a hipBLASLt-only file does not declare;
# the values are the same (111, 112, 113), the names must be hipBLAS's.
_OPERATIONS = {
    "rocblas_operation_none": "HIPBLAS_OP_N",
    "rocblas_operation_transpose": "HIPBLAS_OP_T",
    "rocblas_operation_conjugate_transpose": "HIPBLAS_OP_C",
    "CUBLAS_OP_N": "HIPBLAS_OP_N",
    "CUBLAS_OP_T": "HIPBLAS_OP_T",
    "CUBLAS_OP_C": "HIPBLAS_OP_C",
    "HIPBLAS_OP_N": "HIPBLAS_OP_N",
    "HIPBLAS_OP_T": "HIPBLAS_OP_T",
    "HIPBLAS_OP_C": "HIPBLAS_OP_C",
}


def plan_operation_value(initializer: Sequence[str], declared_type: str) -> tuple[str | None, dict[int, str]] | None:
    """A TRANSA/TRANSB attribute variable: hipblasOperation_t and HIPBLAS_OP_* (None if some part of
    the initializer is not an operation enumerator)."""
    replacements: dict[int, str] = {}
    for index, text in enumerate(initializer):
        wanted = _OPERATIONS.get(text.strip())
        if wanted is None:
            return None
        if wanted != text.strip():
            replacements[index] = wanted
    return ("hipblasOperation_t" if declared_type.strip() != "hipblasOperation_t" else None), replacements


def old_form(version: Version) -> bool:
    """hipBLASLt 0.3 (ROCm 5.7): hipblasLtComputeType_t and hipblasDatatype_t."""
    return version < (6, 0, 0)


def type_name(version: Version) -> str:
    return "hipblasDatatype_t" if old_form(version) else "hipDataType"


def data_spelling(text: str, version: Version) -> str | None:
    """The release's spelling of a data type enumerator written in any library's spelling."""
    found = data_type(text)
    if found is None:
        return None
    return found.hipblas if old_form(version) else found.hip


def plan_lt_call(
    name: str, args: Sequence[str], version: Version, lookup: Lookup | None = None, *, roc: bool = False
) -> CallPlan | None:
    """The release's spelling of a hipBLASLt descriptor or layout call's types (`roc`: the file was
    converted with --roc, which writes rocBLAS's types for cuBLAS's, wrong in hipBLASLt calls)."""
    shape = LT_CALLS.get(name)
    if shape is None or len(args) != shape[2]:
        return None
    compute_index, data_index, _ = shape
    texts = [a.strip() for a in args]
    plan = CallPlan()
    old = old_form(version)
    if compute_index is not None:
        text = texts[compute_index]
        found = compute_type(text)
        if found is not None and found.tf32:
            pass  # HP312's
        elif found is not None:
            wanted = found.hipblaslt_v1 if old else found.hip
            if wanted is None:
                plan.problems.append(
                    Problem(
                        compute_index,
                        f"`{text}`: hipBLASLt 0.3 (ROCm 5.7) computes only in FP32 "
                        "(`HIPBLASLT_COMPUTE_F32`, `HIPBLASLT_COMPUTE_F32_FAST_XF32`)",
                    )
                )
            elif wanted != text:
                plan.replacements[compute_index] = wanted
        else:
            _check(plan, compute_index, text, version, lookup, compute=True, roc=roc)
    text = texts[data_index]  # MatmulDescCreate's scale type, or the layout's type
    wanted = data_spelling(text, version)
    if wanted is None:
        _check(plan, data_index, text, version, lookup, compute=False, roc=roc)
    elif wanted != text:
        plan.replacements[data_index] = wanted
    return plan


def _check(
    plan: CallPlan, index: int, text: str, version: Version, lookup: Lookup | None, *, compute: bool, roc: bool = False
) -> None:
    known = lookup(text) if lookup is not None and is_identifier(text) else None
    old = old_form(version)
    if compute:
        wanted = (
            "hipblasLtComputeType_t (`HIPBLASLT_COMPUTE_F32`)"
            if old
            else "hipblasComputeType_t (`HIPBLAS_COMPUTE_32F`)"
        )
        right_types = {"hipblasLtComputeType_t"} if old else {"hipblasComputeType_t"}
    else:
        wanted = "hipblasDatatype_t (`HIPBLAS_R_32F`)" if old else "hipDataType (`HIP_R_32F`)"
        right_types = {"hipblasDatatype_t"} if old else {"hipDataType", "hipDataType_t"}
    release = "hipBLASLt 0.3 (ROCm 5.7)" if old else "hipBLASLt from ROCm 6.0"
    if known is not None and known[0] == "value":
        value = known[1]
        if compute:
            found = compute_type(value)
            ok = found is None or value == (found.hipblaslt_v1 if old else found.hip) or found.tf32
        else:
            ok = data_spelling(value, version) in (None, value)
        if not ok:
            plan.problems.append(Problem(index, f"`{text}` expands to `{value}`: {release} takes a {wanted}"))
        return
    declared = known[1] if known is not None else None
    if declared in right_types:
        return
    if declared is None and not old and not roc:
        return  # convert writes hipDataType / hipblasComputeType_t for the CUDA types: right from 6.0
    if declared is None and roc:
        plan.problems.append(
            Problem(
                index,
                f"`{text}`: with --roc convert writes rocBLAS's types for cudaDataType_t "
                f"and cublasComputeType_t (rocblas_datatype), but {release} takes a {wanted} "
                "here; convert cuBLASLt code without --roc",
            )
        )
        return
    what = f"is declared `{declared}`" if declared else "is not an enumerator this file declares"
    plan.problems.append(Problem(index, f"`{text}` {what}: {release} takes a {wanted} here"))


def plan_type_value(
    initializer: Sequence[str], declared_type: str, version: Version
) -> tuple[str | None, dict[int, str]] | None:
    """The BIAS_DATA_TYPE variable's declaration for the release: (new type name or None,
    {index of an enumerator in `initializer`: its spelling}); None if some part of the
    initializer is not an enumerator (then the value cannot be checked)."""
    replacements: dict[int, str] = {}
    for index, text in enumerate(initializer):
        wanted = data_spelling(text, version)
        if wanted is None:
            return None
        if wanted != text.strip():
            replacements[index] = wanted
    wanted_type = type_name(version)
    return (wanted_type if declared_type.strip() != wanted_type else None), replacements


# -- epilogues hipBLASLt lacks: what to run instead ------------------------------------------

FALLBACKS = {
    "CUBLASLT_EPILOGUE_RELU_AUX": (
        "HIPBLASLT_EPILOGUE_RELU",
        "after the matmul, write the ReLU mask into the aux buffer with an element-wise kernel over D "
        "(bit set where D > 0, the layout your backward pass reads)",
    ),
    "CUBLASLT_EPILOGUE_RELU_AUX_BIAS": (
        "HIPBLASLT_EPILOGUE_RELU_BIAS",
        "after the matmul, write the ReLU mask into the aux buffer with an element-wise kernel over D "
        "(bit set where D > 0, the layout your backward pass reads)",
    ),
    "CUBLASLT_EPILOGUE_DRELU": (
        "HIPBLASLT_EPILOGUE_DEFAULT",
        "after the matmul, zero the elements of D whose aux mask bit is clear with an element-wise kernel",
    ),
    "CUBLASLT_EPILOGUE_DRELU_BGRAD": (
        "HIPBLASLT_EPILOGUE_DEFAULT",
        "after the matmul, zero the elements of D whose aux mask bit is clear, then sum D over its columns "
        "into the bias gradient (length: the rows of D)",
    ),
}


def epilogue_fallback(name: str) -> tuple[str, str] | None:
    """(the hipBLASLt epilogue to run, the element-wise step to add after the matmul)."""
    return FALLBACKS.get(name.replace("HIPBLASLT_", "CUBLASLT_", 1))
