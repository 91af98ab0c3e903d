"""cuBLAS GEMM_ex ports: hipBLAS spelled for the target ROCm release, and rocBLAS (`--roc`).

What the target headers take (read in hipBLAS rocm-5.7.1, 6.0.0, 6.1.0, 6.2.2 and HEAD (2.4,
about ROCm 6.3), hipBLAS 3.x in ROCm/rocm-libraries 07f33d2, rocBLAS rocm-5.7.1, 6.2.2 and HEAD;
every rendered call compiled against them, see corpus/translate/cublas_templates):

- before ROCm 6.0, `hipblasGemmEx`, `hipblasGemmBatchedEx` and `hipblasGemmStridedBatchedEx` take
  the A/B/C types *and* the compute type as `hipblasDatatype_t` (`HIPBLAS_R_16F`, `HIPBLAS_R_16B`
  for bf16, `HIPBLAS_R_32F` for FP32 compute); there is no `_v2` function, no `hipDataType`
  overload and no `hipblasComputeType_t`;
- ROCm 6.0 to 6.x: the `_v2` functions take `hipDataType` (`HIP_R_16F`) and `hipblasComputeType_t`
  (`HIPBLAS_COMPUTE_32F`); the plain names keep the old form unless the file defines HIPBLAS_V2
  (then they are macros for the `_v2` ones);
- ROCm 7.0 and later: the plain names have the `_v2` signature and the `_v2` names are gone;
- rocBLAS's `rocblas_gemm_ex` takes 24 arguments, `rocblas_gemm_batched_ex` 25 and
  `rocblas_gemm_strided_batched_ex` 29: cuBLAS's list plus an output D (`d, d_type, ldd`, and
  `stride_d`; D = C is rocBLAS's in-place form and cuBLAS's meaning), the compute type as a
  `rocblas_datatype`, then the algorithm, a solution index (0) and flags.

Only AMD-side facts live here; the detectors in hipify_plus/lint/detectors/libraries/ find the
calls and turn the plans into findings and edits.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum

from hipify_plus import templates
from hipify_plus.versions import Version

# -- enumerator spellings -------------------------------------------------------------------


@dataclass(frozen=True)
class DataType:
    key: str  # "r16f"
    cuda: str  # CUDA_R_16F
    hip: str  # HIP_R_16F (hipDataType, hipBLAS >= 2.0, hipBLASLt >= 0.6)
    hipblas: str  # HIPBLAS_R_16F (hipblasDatatype_t, hipBLAS < 2.0 and hipBLASLt 0.3)
    rocblas: str  # rocblas_datatype_f16_r


def _data_type(key: str, cuda: str, hipblas: str, rocblas: str) -> DataType:
    return DataType(key, cuda, cuda.replace("CUDA_", "HIP_", 1), hipblas, rocblas)


DATA_TYPES: tuple[DataType, ...] = (
    _data_type("r16f", "CUDA_R_16F", "HIPBLAS_R_16F", "rocblas_datatype_f16_r"),
    _data_type("r32f", "CUDA_R_32F", "HIPBLAS_R_32F", "rocblas_datatype_f32_r"),
    _data_type("r64f", "CUDA_R_64F", "HIPBLAS_R_64F", "rocblas_datatype_f64_r"),
    _data_type("c16f", "CUDA_C_16F", "HIPBLAS_C_16F", "rocblas_datatype_f16_c"),
    _data_type("c32f", "CUDA_C_32F", "HIPBLAS_C_32F", "rocblas_datatype_f32_c"),
    _data_type("c64f", "CUDA_C_64F", "HIPBLAS_C_64F", "rocblas_datatype_f64_c"),
    _data_type("r8i", "CUDA_R_8I", "HIPBLAS_R_8I", "rocblas_datatype_i8_r"),
    _data_type("r8u", "CUDA_R_8U", "HIPBLAS_R_8U", "rocblas_datatype_u8_r"),
    _data_type("r32i", "CUDA_R_32I", "HIPBLAS_R_32I", "rocblas_datatype_i32_r"),
    _data_type("r32u", "CUDA_R_32U", "HIPBLAS_R_32U", "rocblas_datatype_u32_r"),
    _data_type("c8i", "CUDA_C_8I", "HIPBLAS_C_8I", "rocblas_datatype_i8_c"),
    _data_type("c8u", "CUDA_C_8U", "HIPBLAS_C_8U", "rocblas_datatype_u8_c"),
    _data_type("c32i", "CUDA_C_32I", "HIPBLAS_C_32I", "rocblas_datatype_i32_c"),
    _data_type("c32u", "CUDA_C_32U", "HIPBLAS_C_32U", "rocblas_datatype_u32_c"),
    _data_type("r16bf", "CUDA_R_16BF", "HIPBLAS_R_16B", "rocblas_datatype_bf16_r"),
    _data_type("c16bf", "CUDA_C_16BF", "HIPBLAS_C_16B", "rocblas_datatype_bf16_c"),
)
_DATA_BY_SPELLING = {s: t for t in DATA_TYPES for s in (t.cuda, t.hip, t.hipblas, t.rocblas)}


@dataclass(frozen=True)
class ComputeType:
    key: str  # "32f"
    cuda: str  # CUBLAS_COMPUTE_32F
    hip: str  # HIPBLAS_COMPUTE_32F (hipblasComputeType_t)
    hipblas_v1: str | None  # HIPBLAS_R_32F: hipBLAS < 2.0 passes the compute type as a data type
    rocblas: str | None  # rocblas_datatype_f32_r: rocblas_gemm_ex's compute argument
    hipblaslt_v1: str | None  # HIPBLASLT_COMPUTE_F32: hipBLASLt 0.3 (ROCm 5.7)
    tf32: bool = False


COMPUTE_TYPES: tuple[ComputeType, ...] = (
    ComputeType("16f", "CUBLAS_COMPUTE_16F", "HIPBLAS_COMPUTE_16F", "HIPBLAS_R_16F", "rocblas_datatype_f16_r", None),
    ComputeType(
        "32f",
        "CUBLAS_COMPUTE_32F",
        "HIPBLAS_COMPUTE_32F",
        "HIPBLAS_R_32F",
        "rocblas_datatype_f32_r",
        "HIPBLASLT_COMPUTE_F32",
    ),
    ComputeType("64f", "CUBLAS_COMPUTE_64F", "HIPBLAS_COMPUTE_64F", "HIPBLAS_R_64F", "rocblas_datatype_f64_r", None),
    ComputeType("32i", "CUBLAS_COMPUTE_32I", "HIPBLAS_COMPUTE_32I", "HIPBLAS_R_32I", "rocblas_datatype_i32_r", None),
    ComputeType(
        "32f_tf32",
        "CUBLAS_COMPUTE_32F_FAST_TF32",
        "HIPBLAS_COMPUTE_32F_FAST_TF32",
        None,
        None,
        "HIPBLASLT_COMPUTE_F32_FAST_XF32",
        tf32=True,
    ),
    # cuBLAS's pedantic and down-converting variants: hipBLAS's rocBLAS backend rejects them
    ComputeType("16f_pedantic", "CUBLAS_COMPUTE_16F_PEDANTIC", "HIPBLAS_COMPUTE_16F_PEDANTIC", None, None, None),
    ComputeType("32f_pedantic", "CUBLAS_COMPUTE_32F_PEDANTIC", "HIPBLAS_COMPUTE_32F_PEDANTIC", None, None, None),
    ComputeType("32f_fast_16f", "CUBLAS_COMPUTE_32F_FAST_16F", "HIPBLAS_COMPUTE_32F_FAST_16F", None, None, None),
    ComputeType("32f_fast_16bf", "CUBLAS_COMPUTE_32F_FAST_16BF", "HIPBLAS_COMPUTE_32F_FAST_16BF", None, None, None),
    ComputeType("64f_pedantic", "CUBLAS_COMPUTE_64F_PEDANTIC", "HIPBLAS_COMPUTE_64F_PEDANTIC", None, None, None),
    ComputeType("32i_pedantic", "CUBLAS_COMPUTE_32I_PEDANTIC", "HIPBLAS_COMPUTE_32I_PEDANTIC", None, None, None),
)
_COMPUTE_BY_KEY = {c.key: c for c in COMPUTE_TYPES}
_COMPUTE_BY_SPELLING = {s: c for c in COMPUTE_TYPES for s in (c.cuda, c.hip, c.hipblaslt_v1) if s}
_COMPUTE_BY_SPELLING["rocblas_compute_type_f32"] = _COMPUTE_BY_KEY["32f"]  # rocBLAS 3.x's gemm_ex3 enum
# A data type in the compute position (CUDA 10's cudaDataType compute argument, hipBLAS 5.x's form,
# rocBLAS's form) means the compute type of the same precision.
_COMPUTE_FROM_DATA = {"r16f": "16f", "r32f": "32f", "r64f": "64f", "r32i": "32i", "c32f": "32f", "c64f": "64f"}

DEFAULT_ALGORITHMS = frozenset(
    {"CUBLAS_GEMM_DEFAULT", "CUBLAS_GEMM_DFALT", "HIPBLAS_GEMM_DEFAULT", "rocblas_gemm_algo_standard"}
)
_ENUMERATOR = re.compile(r"^[A-Za-z_]\w*$")


def data_type(text: str) -> DataType | None:
    return _DATA_BY_SPELLING.get(text.strip())


def compute_type(text: str) -> ComputeType | None:
    """The compute type an argument in the compute position names, in any library's spelling."""
    text = text.strip()
    found = _COMPUTE_BY_SPELLING.get(text)
    if found is None and text in _DATA_BY_SPELLING:
        key = _COMPUTE_FROM_DATA.get(_DATA_BY_SPELLING[text].key)
        found = _COMPUTE_BY_KEY.get(key) if key else None
    return found


def is_enumerator_spelling(text: str) -> bool:
    """An argument that is a BLAS type or compute enumerator of some library (not a variable)."""
    text = text.strip()
    return text in _DATA_BY_SPELLING or text in _COMPUTE_BY_SPELLING


def is_identifier(text: str) -> bool:
    return bool(_ENUMERATOR.match(text.strip()))


# -- GEMM call shapes -----------------------------------------------------------------------


@dataclass(frozen=True)
class GemmShape:
    """Positions in cuBLAS's (and hipBLAS's) argument list of one GEMM_ex function."""

    base: str  # GemmEx | GemmBatchedEx | GemmStridedBatchedEx
    count: int
    types: tuple[int, int, int]  # A, B, C types
    compute: int
    c: int  # the C pointer: c, c_type, ldc (and stride_c when strided) follow it
    strided: bool
    rocblas: str
    rocblas_count: int

    @property
    def algo(self) -> int:
        return self.compute + 1


SHAPES: dict[str, GemmShape] = {
    "GemmEx": GemmShape("GemmEx", 19, (8, 11, 15), 17, 14, False, "rocblas_gemm_ex", 24),
    "GemmBatchedEx": GemmShape("GemmBatchedEx", 20, (8, 11, 15), 18, 14, False, "rocblas_gemm_batched_ex", 25),
    "GemmStridedBatchedEx": GemmShape(
        "GemmStridedBatchedEx", 23, (8, 12, 17), 21, 16, True, "rocblas_gemm_strided_batched_ex", 29
    ),
}
ROCBLAS_SHAPES = {s.rocblas: s for s in SHAPES.values()}
_HIPBLAS_GEMM = re.compile(r"^hipblas(GemmEx|GemmBatchedEx|GemmStridedBatchedEx)(WithFlags)?(_v2)?$")
_CUBLAS_GEMM = re.compile(r"^cublas(GemmEx|GemmBatchedEx|GemmStridedBatchedEx)$")


@dataclass(frozen=True)
class HipblasGemm:
    shape: GemmShape
    with_flags: bool
    v2: bool

    @property
    def count(self) -> int:
        return self.shape.count + (1 if self.with_flags else 0)

    def name(self, v2: bool) -> str:
        return f"hipblas{self.shape.base}{'WithFlags' if self.with_flags else ''}{'_v2' if v2 else ''}"


def hipblas_gemm(name: str) -> HipblasGemm | None:
    match = _HIPBLAS_GEMM.match(name)
    if match is None:
        return None
    return HipblasGemm(SHAPES[match.group(1)], bool(match.group(2)), bool(match.group(3)))


def gemm_shape(name: str) -> GemmShape | None:
    """The shape of any library's GEMM_ex function name (cuBLAS, hipBLAS, rocBLAS)."""
    for pattern in (_HIPBLAS_GEMM, _CUBLAS_GEMM):
        match = pattern.match(name)
        if match:
            return SHAPES[match.group(1)]
    return ROCBLAS_SHAPES.get(name)


def type_positions(name: str, count: int) -> tuple[int, int, int, int] | None:
    """(A type, B type, C type, compute) argument indices of a GEMM_ex call with `count`
    arguments, for the cuBLAS-shaped list and for rocBLAS's own."""
    shape = gemm_shape(name)
    if shape is None:
        return None
    if name.startswith("rocblas_") and count == shape.rocblas_count:
        extra = 4 if shape.strided else 3  # d, d_type, ldd (, stride_d)
        return (*shape.types, shape.compute + extra)
    if count in (shape.count, shape.count + 1):
        return (*shape.types, shape.compute)
    return None


# -- hipBLAS per release ----------------------------------------------------------------------


class HipblasForm(Enum):
    DATATYPE = "hipBLAS 1.x (ROCm 5.x): every type a hipblasDatatype_t"
    V2 = "hipBLAS 2.x (ROCm 6.x): the _v2 functions, hipDataType + hipblasComputeType_t"
    V3 = "hipBLAS 3.x (ROCm 7.x): the plain names with the v2 signature"


def hipblas_form(version: Version) -> HipblasForm:
    if version < (6, 0, 0):
        return HipblasForm.DATATYPE
    if version < (7, 0, 0):
        return HipblasForm.V2
    return HipblasForm.V3


@dataclass
class Problem:
    """An argument the rewrite cannot make right; `severity` of the finding it becomes."""

    index: int
    message: str
    severity: str = "error"


@dataclass
class CallPlan:
    """What a GEMM call needs for the target: a new function name, argument replacements
    (index -> text) and insertions (after index -> text), and problems left for a human."""

    name: str | None = None
    replacements: dict[int, str] = field(default_factory=dict)
    insertions: dict[int, str] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def changes(self) -> bool:
        return bool(self.name or self.replacements or self.insertions)


# The declared type of a variable or macro argument, as the detector found it in the file:
# ("type", "hipDataType") for `hipDataType t`, ("value", "HIP_R_16F") for `#define T HIP_R_16F`,
# None when unknown.
Lookup = Callable[[str], "tuple[str, str] | None"]


# -- variables and macros that hold a type, before ROCm 6.0 -----------------------------------
# Before ROCm 6.0 there is no hipblasComputeType_t: hipBLAS's GEMM_ex takes the compute type as a
# hipblasDatatype_t (HIPBLAS_R_32F) and hipBLASLt 0.3 as a hipblasLtComputeType_t
# (HIPBLASLT_COMPUTE_F32), and both take their data types as hipblasDatatype_t (HIPBLAS_R_16B),
# not hipDataType. A cublasComputeType_t variable is given the type of the library its file was
# written for (hipBLASLt when the file includes cublasLt.h); a value of the other type does not
# convert, so a variable used for the other library fails to compile at that call, with HP318's
# or HP319's finding there, never silently.

_LT_HEADER = re.compile(r"(?:^|/)(?:cublasLt|hipblaslt)\.h$")
_BLAS_HEADER = re.compile(r"(?:^|/)(?:cublas(?:_v2|_api|Lt)?|hipblas|hipblaslt)\.h$")
# libraries whose calls take cudaDataType_t too (as hipDataType in every ROCm): a macro of a file
# that uses one of them may be meant for it
_OTHER_DATA_TYPE_LIBRARY = re.compile(r"(?:^|/)(?:cu|hip|roc)(?:sparse|solver|fft|tensor|sparseLt)\w*\.h$", re.I)

COMPUTE_VARIABLE_TYPES = frozenset({"cublasComputeType_t", "hipblasComputeType_t"})


def includes_lt(includes: Sequence[str]) -> bool:
    return any(_LT_HEADER.search(i) for i in includes)


def blas_only(includes: Sequence[str]) -> bool:
    """A file written for cuBLAS/cuBLASLt alone: its data-type macros are BLAS arguments."""
    return any(_BLAS_HEADER.search(i) for i in includes) and not any(
        _OTHER_DATA_TYPE_LIBRARY.search(i) for i in includes
    )


def compute_holder_type(version: Version, lt: bool) -> str:
    """The type of a cublasComputeType_t variable for the release (`lt`: its file uses cuBLASLt)."""
    if version >= (6, 0, 0):
        return "hipblasComputeType_t"
    return "hipblasLtComputeType_t" if lt else "hipblasDatatype_t"


def compute_spelling(text: str, holder: str) -> str | None:
    """A compute enumerator (any library's spelling) as a variable of type `holder` takes it; None
    if it names no compute type or that type has no such spelling (hipBLASLt 0.3 computes in FP32
    only; hipBLAS 1.x has no TF32)."""
    found = compute_type(text)
    if found is None:
        return None
    if holder == "hipblasLtComputeType_t":
        return found.hipblaslt_v1
    if holder == "hipblasDatatype_t":
        return found.hipblas_v1
    return found.hip


def data_macro_spelling(text: str, version: Version, blas_file: bool) -> str | None:
    """What convert makes of a `#define NAME CUDA_R_16BF` value: HIPBLAS_R_16B before ROCm 6.0 in
    a file written for cuBLAS alone, HIP_R_16BF otherwise; None if it is not a data type."""
    found = data_type(text)
    if found is None:
        return None
    return found.hipblas if version < (6, 0, 0) and blas_file else found.hip


_V1_TYPES = frozenset({"hipblasDatatype_t"})
_V2_DATA_TYPES = frozenset({"hipDataType", "hipDataType_t"})
_V2_COMPUTE_TYPES = frozenset({"hipblasComputeType_t"})


def plan_hipblas_gemm(
    name: str, args: Sequence[str], version: Version, *, v2_macro: bool = False, lookup: Lookup | None = None
) -> CallPlan | None:
    """The target release's form of a hipBLAS GEMM_ex call, or None if it is not one (or has an
    argument count that is not hipBLAS's, which the compiler reports by itself)."""
    gemm = hipblas_gemm(name)
    if gemm is None or len(args) != gemm.count:
        return None
    form = hipblas_form(version)
    shape = gemm.shape
    texts = [a.strip() for a in args]
    plan = CallPlan()
    positions = list(shape.types)

    if form is HipblasForm.DATATYPE:
        target_v2 = False
    elif form is HipblasForm.V2:
        spelled_v2 = any(_is_v2_spelling(texts[i], i == shape.compute) for i in (*positions, shape.compute))
        # A plain-named call written wholly in hipblasDatatype_t spellings is hipBLAS 2.x's
        # (deprecated) old form and compiles; anything else is made the _v2 form.
        target_v2 = gemm.v2 or v2_macro or spelled_v2
        if not target_v2:  # the old form (or only variables, whose types decide): leave it
            return plan
    else:
        target_v2 = True

    wanted_name = gemm.name(v2=form is HipblasForm.V2 and target_v2 and not (v2_macro and not gemm.v2))
    if wanted_name != name:
        plan.name = wanted_name

    for index in positions:
        text = texts[index]
        found = data_type(text)
        if found is not None:
            wanted = found.hipblas if form is HipblasForm.DATATYPE else found.hip
            if form is HipblasForm.V3 and text == found.hipblas:
                wanted = text  # hipBLAS 3.x keeps HIPBLAS_R_* as macros for HIP_R_*
            if wanted != text:
                plan.replacements[index] = wanted
        elif not _is_tf32(text):
            _check_variable(plan, index, text, form, lookup, compute=False)

    if shape.base == "GemmBatchedEx":
        _pointer_arrays(plan, texts)
    text = texts[shape.compute]
    compute = compute_type(text)
    if compute is not None and compute.tf32:
        pass  # the TF32 request is HP312's: it rewrites the value and keeps a finding
    elif compute is not None:
        wanted_compute = compute.hipblas_v1 if form is HipblasForm.DATATYPE else compute.hip
        if wanted_compute is None:
            plan.problems.append(
                Problem(
                    shape.compute,
                    f"`{text}` has no hipBLAS 1.x spelling: ROCm before 6.0 "
                    "passes the compute type as a hipblasDatatype_t (16F, 32F, 64F, 32I only)",
                )
            )
        elif wanted_compute != text:
            plan.replacements[shape.compute] = wanted_compute
    else:
        _check_variable(plan, shape.compute, text, form, lookup, compute=True)
    return plan


# cuBLAS declares the batched pointer arrays `const void* const A[]` / `void* const C[]`; hipBLAS
# (every release) `const void* A[]` / `void* C[]`, so a cast to cuBLAS's array type no longer converts.
_CONST_ARRAY_CAST = re.compile(r"^\(\s*(const\s+)?void\s*\*\s*const\s*\*\s*\)")


def _pointer_arrays(plan: CallPlan, texts: Sequence[str]) -> None:
    for index, wanted in ((7, "(const void**)"), (10, "(const void**)"), (14, "(void**)")):
        match = _CONST_ARRAY_CAST.match(texts[index])
        if match:
            plan.replacements[index] = wanted + texts[index][match.end() :]


def _is_tf32(text: str) -> bool:
    found = compute_type(text)
    return found is not None and found.tf32


def _is_v2_spelling(text: str, compute: bool) -> bool:
    if compute:
        return text in _COMPUTE_BY_SPELLING and not text.startswith("HIPBLASLT_")
    found = data_type(text)
    return found is not None and text in (found.hip, found.cuda)


def _check_variable(
    plan: CallPlan, index: int, text: str, form: HipblasForm, lookup: Lookup | None, *, compute: bool
) -> None:
    """A type argument that is not an enumerator: judge it by its declaration when the file has one."""
    known = lookup(text) if lookup is not None and is_identifier(text) else None
    if known is not None and known[0] == "value":
        value = known[1]
        ok = _spelled_for(value, form, compute=compute)
        if ok is None:
            return
        if not ok:
            plan.problems.append(Problem(index, f"`{text}` expands to `{value}`, which {_wrong_for(form, compute)}"))
        return
    declared = known[1] if known is not None else None
    if form is HipblasForm.DATATYPE:
        if declared in _V1_TYPES:
            return
        what = f"is declared `{declared}`" if declared else "is not an enumerator this file declares"
        plan.problems.append(
            Problem(
                index,
                f"`{text}` {what}: hipBLAS before ROCm 6.0 takes this argument as a "
                "hipblasDatatype_t (`HIPBLAS_R_16F`, compute `HIPBLAS_R_32F`), while convert "
                "writes hipDataType/hipblasComputeType_t for cudaDataType/cublasComputeType_t",
            )
        )
    elif declared in _V1_TYPES:
        wanted = "hipblasComputeType_t" if compute else "hipDataType"
        plan.problems.append(Problem(index, f"`{text}` is declared `{declared}`: this release's call takes a {wanted}"))


def _spelled_for(value: str, form: HipblasForm, *, compute: bool) -> bool | None:
    """Whether the enumerator `value` is the spelling this release's argument takes; None when
    it names no data or compute type."""
    if compute:
        compute_found = compute_type(value)
        if compute_found is None:
            return None
        return value == (compute_found.hipblas_v1 if form is HipblasForm.DATATYPE else compute_found.hip)
    found = data_type(value)
    if found is None:
        return None
    if form is HipblasForm.DATATYPE:
        return value == found.hipblas
    return value == found.hip or (form is HipblasForm.V3 and value == found.hipblas)


def _wrong_for(form: HipblasForm, compute: bool) -> str:
    if form is HipblasForm.DATATYPE:
        return "is not the hipblasDatatype_t spelling hipBLAS before ROCm 6.0 takes (`HIPBLAS_R_...`)"
    return (
        "is not the "
        + ("hipblasComputeType_t (`HIPBLAS_COMPUTE_...`)" if compute else "hipDataType (`HIP_R_...`)")
        + " this release takes"
    )


# -- rocBLAS ----------------------------------------------------------------------------------


_SIDE_EFFECT = re.compile(r"\+\+|--|(?<![=!<>])=(?!=)")


def plan_rocblas_gemm(name: str, args: Sequence[str]) -> CallPlan | None:
    """rocBLAS's argument list for a rocBLAS GEMM_ex call written with cuBLAS's, or None if the
    call does not have cuBLAS's argument count."""
    shape = ROCBLAS_SHAPES.get(name)
    if shape is None or len(args) != shape.count:
        return None
    texts = [a.strip() for a in args]
    plan = CallPlan()
    for index in shape.types:
        found = data_type(texts[index])
        if found is not None and found.rocblas != texts[index]:
            plan.replacements[index] = found.rocblas
    compute_text = texts[shape.compute]
    compute = compute_type(compute_text)
    if compute is not None and not compute.tf32:
        if compute.rocblas is None:
            plan.problems.append(
                Problem(
                    shape.compute,
                    f"`{compute_text}` has no rocBLAS compute type (rocblas_gemm_ex computes in f16, f32, f64 or i32)",
                )
            )
            return plan
        if compute.rocblas != compute_text:
            plan.replacements[shape.compute] = compute.rocblas
    c_end = shape.c + (4 if shape.strided else 3)
    c_args = texts[shape.c : c_end]
    if any(_SIDE_EFFECT.search(a) for a in c_args):
        plan.problems.append(
            Problem(
                shape.c,
                "C's arguments have side effects (`++`, `--` or an assignment): D = C "
                "would evaluate them twice; pass D explicitly",
            )
        )
        return plan
    c_type = data_type(c_args[1])
    d_pointer = c_args[0]
    match = _CONST_ARRAY_CAST.match(d_pointer)
    if match:  # `(void* const*)C` converts to rocBLAS's `const void* c` but not to its `void* d`
        d_pointer = "(void*)" + d_pointer[match.end() :]
    d_args = [d_pointer, c_type.rocblas if c_type is not None else c_args[1], *c_args[2:]]
    plan.insertions[c_end - 1] = templates.render("blas/rocblas_gemm_ex_d.j2", d=d_args).decode()
    algo_text = texts[shape.algo]
    algo = "rocblas_gemm_algo_standard" if algo_text in DEFAULT_ALGORITHMS else algo_text
    plan.replacements[shape.algo] = templates.render(
        "blas/rocblas_gemm_ex_tail.j2", algo=algo, solution_index="0", flags="rocblas_gemm_flags_none"
    ).decode()
    return plan


# -- supported type combinations --------------------------------------------------------------

# (A, B, C, compute) that hipBLAS's rocBLAS backend (hipblasInternalGemmExTypes, HEAD 27cf7be) and
# rocblas_gemm_ex (rocblas_gemm_ex_kernels.cpp) run; any other returns HIPBLAS_STATUS_NOT_SUPPORTED /
# rocblas_status_not_implemented at run time. Both compile whatever the types are.
SUPPORTED_COMBINATIONS = frozenset(
    {
        ("r16f", "r16f", "r16f", "16f"),
        ("r16f", "r16f", "r16f", "32f"),
        ("r16f", "r16f", "r32f", "32f"),
        ("r16bf", "r16bf", "r16bf", "32f"),
        ("r16bf", "r16bf", "r32f", "32f"),
        ("r32f", "r32f", "r32f", "32f"),
        ("r64f", "r64f", "r64f", "64f"),
        ("r8i", "r8i", "r32i", "32i"),
        ("c32f", "c32f", "c32f", "32f"),
        ("c64f", "c64f", "c64f", "64f"),
    }
)


def unsupported_combination(a: str, b: str, c: str, compute: str) -> tuple[str, str] | None:
    """(the combination as written, the supported ones for these inputs) if AMD rejects this
    (A, B, C, compute) at run time; None if it is supported or not all four are enumerators."""
    types = [data_type(t) for t in (a, b, c)]
    found = compute_type(compute)
    if any(t is None for t in types) or found is None:
        return None
    key_compute = "32f" if found.tf32 else found.key  # TF32 is HP312's; the combination is judged as FP32
    key = (types[0].key, types[1].key, types[2].key, key_compute)  # type: ignore[union-attr]
    if key in SUPPORTED_COMBINATIONS:
        return None
    alternatives = sorted(f"{x[2]} output with {x[3]} compute" for x in SUPPORTED_COMBINATIONS if x[:2] == key[:2])
    written = f"A {key[0]}, B {key[1]}, C {key[2]}, compute {found.key}"
    return written, ("; ".join(alternatives) if alternatives else "none for these input types")


# -- TF32 -------------------------------------------------------------------------------------

XF32_ARCHES = frozenset({"gfx940", "gfx941", "gfx942"})
TF32_MARKER = "hipify-plus: TF32 requested"


@dataclass(frozen=True)
class Tf32Plan:
    replacement: str | None  # the value to write (None: keep the TF32 request)
    message: str  # what happens on AMD, for the finding
    severity: str
    short: str = ""  # the same in a few words, for the comment left beside a rewritten value


def plan_tf32(context: str, version: Version, arches: Sequence[str]) -> Tf32Plan | None:
    """What a TF32 request becomes on AMD. `context`: hipblas_math, rocblas_math, hipblas_gemm,
    rocblas_gemm or hipblaslt_compute. None: no rewrite for this context and release."""
    xf32 = [a for a in arches if a in XF32_ARCHES]
    others = [a for a in arches if a not in XF32_ARCHES]
    where = _xf32_where(xf32, others)
    if context == "hipblas_math":
        if version < (6, 1, 0):
            return None  # no hipblasSetMathMode before ROCm 6.1: its HP005 says so
        return Tf32Plan(
            "HIPBLAS_XF32_XDL_MATH",
            f"AMD's hipBLAS rejects TF32 math (HIPBLAS_STATUS_NOT_SUPPORTED); XF32 math instead: {where}",
            "warning" if others else "info",
            _short_math(xf32, others),
        )
    if context == "rocblas_math":
        if version < (5, 7, 0):
            return None
        return Tf32Plan(
            "rocblas_xf32_xdl_math_op",
            f"rocBLAS's TF32 counterpart is XF32 math, {where}",
            "warning" if others else "info",
            _short_math(xf32, others),
        )
    if context in ("hipblas_gemm", "rocblas_gemm"):
        value = {
            "rocblas_gemm": "rocblas_datatype_f32_r",
            "hipblas_gemm": "HIPBLAS_R_32F" if version < (6, 0, 0) else "HIPBLAS_COMPUTE_32F",
        }[context]
        hint = (
            " (for XF32 on gfx940-942 set the handle's math mode to "
            + ("`rocblas_xf32_xdl_math_op`)" if context == "rocblas_gemm" else "`HIPBLAS_XF32_XDL_MATH`, ROCm 6.1+)")
            if xf32
            else ""
        )
        return Tf32Plan(
            value,
            "AMD's GEMM_ex rejects a TF32 compute type (NOT_SUPPORTED at run time): it computes "
            f"in full FP32, slower than TF32 on NVIDIA{hint}",
            "warning",
            "FP32 compute on AMD",
        )
    if context == "hipblaslt_compute":
        if version < (6, 0, 0):
            if others:
                return Tf32Plan(
                    "HIPBLASLT_COMPUTE_F32",
                    f"hipBLASLt 0.3 (ROCm 5.7) has XF32 kernels only for "
                    f"gfx940-942 and no FP32 fallback, so {', '.join(others)} computes in full FP32",
                    "warning",
                    f"FP32 compute for {', '.join(others)}",
                )
            return Tf32Plan(
                "HIPBLASLT_COMPUTE_F32_FAST_XF32",
                "hipBLASLt 0.3 (ROCm 5.7) spells TF32 as XF32: close to TF32, not bit-identical",
                "info",
            )
        if version < (6, 3, 0) and others:
            return Tf32Plan(
                "HIPBLAS_COMPUTE_32F",
                f"hipBLASLt before ROCm 6.3 finds no XF32 kernels for "
                f"{', '.join(others)} and has no FP32 fallback (the heuristic returns no algorithm), "
                "so it computes in full FP32",
                "warning",
                f"FP32 compute for {', '.join(others)}",
            )
        return Tf32Plan(None, f"hipBLASLt runs TF32 as XF32 {where}", "warning" if others else "info")
    return None


def xf32_math_note(arches: Sequence[str]) -> tuple[str, str]:
    """(what XF32 math, AMD's TF32 counterpart, does on each target; the finding's severity)."""
    xf32 = [a for a in arches if a in XF32_ARCHES]
    others = [a for a in arches if a not in XF32_ARCHES]
    parts = [f"XF32 runs on {', '.join(xf32)} (close to TF32, not bit-identical)"] if xf32 else []
    if others:
        parts.append(
            f"{', '.join(others)} has no XF32/TF32 path and computes in full FP32 (slower than TF32 on NVIDIA)"
        )
    return "; ".join(parts), ("warning" if others else "info")


def _short_math(xf32: list[str], others: list[str]) -> str:
    return "XF32 math on gfx940-942" + (f", FP32 on {', '.join(others)}" if others else "")


def _xf32_where(xf32: list[str], others: list[str]) -> str:
    parts = []
    if xf32:
        parts.append(f"runs on {', '.join(xf32)} (close to TF32, not bit-identical)")
    if others:
        parts.append(f"{', '.join(others)} has no XF32/TF32 path and computes in full FP32 (slower)")
    return "; ".join(parts) if parts else "runs on gfx940-942 only"


def tf32_marker(plan: Tf32Plan) -> str:
    """The comment a TF32 rewrite leaves beside the value: it keeps the finding alive."""
    return templates.render("blas/tf32_marker.j2", marker=TF32_MARKER, short=plan.short).decode()


# -- workspace ----------------------------------------------------------------------------


@dataclass(frozen=True)
class WorkspacePlan:
    message: str
    rename: str | None = None  # the release's setter, same arguments
    drop: bool = False  # no setter in this release: the call goes (results do not change)


def plan_workspace_setter(name: str, version: Version, *, roc: bool, ported: bool) -> WorkspacePlan | None:
    """cuBLAS's workspace setter per target: rocBLAS's `rocblas_set_workspace(handle, ptr, bytes)`
    (any release), hipBLAS's `hipblasSetWorkspace` (hipBLAS 3.0, ROCm 7.0), or nothing before."""
    if roc:
        if name == "hipblasSetWorkspace":
            return None
        return WorkspacePlan(
            f"`{name}`: rocBLAS's setter is `rocblas_set_workspace(handle, addr, size)`, same arguments",
            rename="rocblas_set_workspace",
        )
    if version >= (7, 0, 0):
        if name == "hipblasSetWorkspace":
            return None
        return WorkspacePlan(
            f"`{name}`: hipBLAS has `hipblasSetWorkspace` from ROCm 7.0, same arguments",
            rename="hipblasSetWorkspace" if ported else None,
        )
    message = (
        f"`{name}`: hipBLAS before ROCm 7.0 has no workspace setter; without one rocBLAS allocates "
        "the workspace it needs itself (results are the same; memory use and graph capture are not)"
    )
    return WorkspacePlan(message, drop=ported)


def workspace_dropped_comment(call: str, version: Version) -> str:
    from hipify_plus.versions import format_version

    return templates.render(
        "blas/workspace_dropped.j2", call=" ".join(call.split()).replace("*/", "* /"), release=format_version(version)
    ).decode()
