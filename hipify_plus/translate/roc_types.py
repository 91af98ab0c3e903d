"""Which name a CUDA value type gets under --roc, where its ROC name is a rocBLAS type.

HIPIFY's tables give `cuComplex`/`cuFloatComplex` -> `rocblas_float_complex`, `cuDoubleComplex`
-> `rocblas_double_complex`, `__half` -> `rocblas_half` and `__nv_bfloat16` -> `rocblas_bfloat16`
under --roc. rocBLAS (and rocSOLVER, which takes rocBLAS's types) needs those names: its
functions take `rocblas_float_complex*`, and HIP's `hipFloatComplex*` does not convert to it. But
the rocBLAS types are not the CUDA types' equivalents everywhere (checked against rocBLAS 2.47 /
ROCm 5.7 headers):

- `rocblas_half` is a struct holding a `uint16_t`, without arithmetic, and `rocblas_bfloat16` has
  no implicit conversion from the `__hip_bfloat16` that `__float2bfloat16` returns: device code,
  or the half/bf16 functions (`__float2half`, `__hadd`, `hsqrt`), need HIP's `__half`/bf16 type.
- `rocblas_float_complex` is a C++ class with private `x`/`y`: the cuComplex functions (`cuCaddf`,
  `make_cuComplex`, `cuCrealf` -> `hipCaddf` ...) take HIP's `hipFloatComplex`, and `.x`/`.y`
  member access does not compile.
- rocSPARSE has its own complex types (`rocsparse_float_complex`, a different class); a file that
  calls rocSPARSE and not rocBLAS/rocSOLVER needs those (HIPIFY's own tests mark the rocBLAS
  name there as a TODO).
- A file that calls none of these libraries has no rocBLAS header: the rocBLAS name would be
  undeclared.
- The same holds for the data-type enum: HIPIFY's tables give `CUDA_R_32F` -> rocBLAS's
  `rocblas_datatype_f32_r`, but rocSPARSE's generic API takes its own `rocsparse_datatype`
  (`rocsparse_datatype_f32_r`; rocSPARSE 2.5 and 3.x have f32/f64 real and complex, i8, u8, i32
  and u32): an argument of a cuSPARSE call gets rocSPARSE's, of a cuBLAS/cuSOLVER call rocBLAS's,
  and any other use the type of the library the file calls.

So the ROC name is written only where it is right: the file calls the library, and uses none of
what the rocBLAS type lacks. Otherwise the HIP name stays; when the file does call the library,
an HP017 warning says the library's calls need a pointer cast.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from hipify_plus.mappings import Mapping, MappingTable
from hipify_plus.parse import Tree
from hipify_plus.versions import Version

_DEVICE_CODE = (b"__global__", b"__device__")
_COMPLEX_TYPES = frozenset({"cuComplex", "cuFloatComplex", "cuDoubleComplex"})
# CUDA half/bf16 API names (device library): conversions, intrinsics, math, the paired types
_HALF_API = re.compile(
    r"half|^__h|^h2|^h(?:sqrt|rsqrt|rcp|exp|exp2|exp10|log|log2|log10|ceil|floor|trunc|rint|sin|cos)$"
)
_BF16_API = re.compile(r"bfloat16|bf16")
_BF16_TYPES = frozenset({"__nv_bfloat16", "nv_bfloat16"})
_ROCSPARSE_DATATYPES = frozenset(
    {
        "rocsparse_datatype",
        "rocsparse_datatype_",
        "rocsparse_datatype_f32_r",
        "rocsparse_datatype_f64_r",
        "rocsparse_datatype_f32_c",
        "rocsparse_datatype_f64_c",
        "rocsparse_datatype_i8_r",
        "rocsparse_datatype_u8_r",
        "rocsparse_datatype_i32_r",
        "rocsparse_datatype_u32_r",
    }
)
_BLAS_LIBRARIES = frozenset({"cublas", "cusolver"})

Target = tuple[str, Version | None, Version | None, Version | None]


@dataclass(frozen=True)
class _Rule:
    libraries: frozenset[str]  # the CUDA libraries whose ROC counterparts take the ROC type
    lacks: str  # what the ROC type lacks, for the message
    sparse: str = ""  # the rocSPARSE type, for a file that calls rocSPARSE only


_RULES = {
    "rocblas_float_complex": _Rule(
        frozenset({"cublas", "cusolver"}), "the cuComplex functions and `.x`/`.y`", "rocsparse_float_complex"
    ),
    "rocblas_double_complex": _Rule(
        frozenset({"cublas", "cusolver"}), "the cuComplex functions and `.x`/`.y`", "rocsparse_double_complex"
    ),
    "rocblas_half": _Rule(frozenset({"cublas"}), "arithmetic and the half-precision functions"),
    "rocblas_bfloat16": _Rule(frozenset({"cublas"}), "device code and the bf16 functions' return type"),
}


class RocTypes:
    """The --roc choice for one file. `names`: the CUDA names its code uses."""

    def __init__(
        self, data: bytes, tree: Tree, names: Iterable[str], table: MappingTable, report: Callable[..., None]
    ) -> None:
        self.data = data
        self.tree = tree
        self.names = set(names)
        self.table = table
        self.report = report
        self._libraries: set[str] | None = None
        self._member_access: set[str] | None = None
        self._reported: set[str] = set()

    def target(self, mapping: Mapping, start: int, end: int) -> Target:
        """The (name, added, deprecated, removed) to write for `mapping`, whose ROC name was
        chosen by --roc."""
        roc = (mapping.roc, mapping.roc_added, mapping.roc_deprecated, mapping.roc_removed)
        hip = (mapping.hip, mapping.hip_added, mapping.hip_deprecated, mapping.hip_removed)
        if mapping.roc.startswith("rocblas_datatype"):
            # an argument of a cuSPARSE / cuBLAS call takes that library's type; elsewhere the file's
            # libraries decide (rocSPARSE's only in a file that calls no rocBLAS/rocSOLVER)
            library = self.call_library(start)
            libraries = self.libraries()
            if library in _BLAS_LIBRARIES or (
                library != "cusparse" and ("cusparse" not in libraries or libraries & _BLAS_LIBRARIES)
            ):
                return roc
            sparse = "rocsparse" + mapping.roc[len("rocblas") :]
            return (sparse, None, None, None) if sparse in _ROCSPARSE_DATATYPES else hip
        rule = _RULES.get(mapping.roc)
        if rule is None:
            return roc
        libraries = self.libraries()
        if not libraries & rule.libraries:
            if rule.sparse and "cusparse" in libraries:
                return rule.sparse, None, None, None
            return hip  # no rocBLAS/rocSOLVER call takes it here, and its header is not included
        blocker = self.blocker(mapping)
        if blocker is None:
            return roc
        if mapping.cuda not in self._reported:
            self._reported.add(mapping.cuda)
            self.report(
                "HP017",
                start,
                end,
                f"`{mapping.cuda}` -> `{mapping.hip}`, not rocBLAS's `{mapping.roc}`: the file uses "
                f"{blocker}, and `{mapping.roc}` lacks {rule.lacks}; the rocBLAS/rocSOLVER calls "
                f"take `{mapping.roc}*`: pass them `reinterpret_cast<{mapping.roc}*>(p)` (same layout)",
                identifier=mapping.cuda,
                library=mapping.library,
                status=mapping.status,
            )
        return hip

    def libraries(self) -> set[str]:
        """The CUDA libraries whose functions the file calls and --roc translates to a ROC library
        (functions only: the data-type enums are listed under cuBLAS but shared)."""
        if self._libraries is None:
            found = set()
            for name in self.names:
                mapping = self.table.get(name)
                if (
                    mapping is not None
                    and mapping.roc
                    and mapping.policy == "hip"
                    and mapping.kind == "function"
                    and mapping.library in ("cublas", "cusolver", "cusparse")
                ):
                    found.add(mapping.library)
            self._libraries = found
        return self._libraries

    def call_library(self, offset: int) -> str:
        """The CUDA library of the innermost call whose arguments hold `offset` ('' if none)."""
        node = self.tree.root_node.descendant_for_byte_range(offset, offset)
        while node is not None:
            if node.type == "argument_list" and node.parent is not None and node.parent.type == "call_expression":
                function = node.parent.child_by_field_name("function")
                if function is not None and function.text is not None:
                    return self._library(function.text.decode("utf-8", "replace"))
            node = node.parent
        return ""

    def blocker(self, mapping: Mapping) -> str | None:
        """What in the file needs the HIP type, described; None when nothing does."""
        if mapping.cuda in _COMPLEX_TYPES:
            functions = sorted(n for n in self.names if self._library_function(n, "cucomplex"))
            if functions:
                return f"`{functions[0]}`"
            same_roc = {n for n in _COMPLEX_TYPES if (m := self.table.get(n)) is not None and m.roc == mapping.roc}
            if self.member_access() & same_roc:
                return "`.x`/`.y` of a complex value"
            return None
        if any(marker in self.data for marker in _DEVICE_CODE):
            return "device code"
        pattern = _BF16_API if mapping.cuda in _BF16_TYPES else _HALF_API
        api = sorted(
            n
            for n in self.names
            if n != mapping.cuda and n not in _BF16_TYPES and pattern.search(n) and self._library(n) == "device"
        )
        return f"`{api[0]}`" if api else None

    def _library(self, name: str) -> str:
        mapping = self.table.get(name)
        return mapping.library if mapping is not None else ""

    def _library_function(self, name: str, library: str) -> bool:
        mapping = self.table.get(name)
        return mapping is not None and mapping.library == library and mapping.kind == "function"

    def member_access(self) -> set[str]:
        """The cuComplex types of the variables this file declares whose `.x`/`.y` it uses."""
        if self._member_access is None:
            from hipify_plus.cuda.declarations import lookup
            from hipify_plus.cuda.syntax import descendants, node_text

            found: set[str] = set()
            for node in descendants(self.tree.root_node):
                if node.type != "field_expression":
                    continue
                field = node.child_by_field_name("field")
                argument = node.child_by_field_name("argument")
                if field is None or argument is None or node_text(field) not in ("x", "y"):
                    continue
                while argument.type in ("subscript_expression", "parenthesized_expression", "pointer_expression"):
                    inner = argument.child_by_field_name("argument") or (
                        argument.named_children[0] if argument.named_children else None
                    )
                    if inner is None:
                        break
                    argument = inner
                if argument.type != "identifier":
                    continue
                declared = lookup(argument)
                if declared is not None and declared.type_name in _COMPLEX_TYPES:
                    found.add(declared.type_name)
            self._member_access = found
        return self._member_access
