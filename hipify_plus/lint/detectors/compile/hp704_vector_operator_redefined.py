"""HP704: element-wise operators a project defines for CUDA's vector types (cuda-samples'
helper_math.h `float2 operator+(float2, float2)`), which HIP's vector types already define:
on AMD every use is ambiguous. The definitions are kept for NVIDIA and left out on AMD."""

from __future__ import annotations

import re

from hipify_plus.cuda.preprocessor import inactive_on_amd
from hipify_plus.cuda.syntax import named, node_text
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.registry import file_detector
from hipify_plus.parse import Node

# Operators HIP's HIP_vector_type defines element-wise for vector-vector, vector-scalar and
# scalar-vector operands (amd_hip_vector_types.h; every helper_math.h form checked with hipcc 5.2
# and 5.7): the binary and compound arithmetic ones and unary minus.
HIP_OPERATORS = frozenset({"+", "-", "*", "/", "+=", "-=", "*=", "/="})
_ELEMENTS = {
    "char": "char",
    "uchar": "unsigned char",
    "short": "short",
    "ushort": "unsigned short",
    "int": "int",
    "uint": "unsigned int",
    "long": "long",
    "ulong": "unsigned long",
    "longlong": "long long",
    "ulonglong": "unsigned long long",
    "float": "float",
    "double": "double",
}
_VECTOR = re.compile(r"(char|uchar|short|ushort|int|uint|long|ulong|longlong|ulonglong|float|double)([1-4])")
_SCALAR_SPELLINGS = {
    "uint": "unsigned int",
    "unsigned": "unsigned int",
    "ushort": "unsigned short",
    "uchar": "unsigned char",
    "ulong": "unsigned long",
}
GUARD_OPEN = "#if !defined(__HIP_PLATFORM_AMD__)  // HIP's vector types define these operators\n"
GUARD_CLOSE = "#endif  // !defined(__HIP_PLATFORM_AMD__)\n"


def _parameter_type(parameter: Node) -> str:
    """`const float2 &a` -> `float2`; `unsigned int b` -> `unsigned int`."""
    kind = parameter.child_by_field_name("type")
    return " ".join(node_text(kind).split()) if kind is not None else ""


def _element(type_name: str) -> tuple[str, bool] | None:
    """(element type, is a vector) of a parameter type, or None when it is neither."""
    vector = _VECTOR.fullmatch(type_name)
    if vector:
        return _ELEMENTS[vector.group(1)], True
    scalar = _SCALAR_SPELLINGS.get(type_name, type_name)
    return (scalar, False) if scalar in _ELEMENTS.values() else None


def _duplicated_operator(function: Node) -> str | None:
    """The operator, when this free function defines one of HIP's vector operators."""
    declarator = function.child_by_field_name("declarator")
    if declarator is None or declarator.type != "function_declarator":
        return None
    name = declarator.child_by_field_name("declarator")
    if name is None or name.type != "operator_name":
        return None
    operator = node_text(name).removeprefix("operator").strip()
    if operator not in HIP_OPERATORS:
        return None
    parameters = [p for p in named(declarator.child_by_field_name("parameters")) if p.type == "parameter_declaration"]
    kinds = [_element(_parameter_type(p)) for p in parameters]
    if not kinds or len(kinds) > 2 or None in kinds or not any(k[1] for k in kinds if k):
        return None
    if len({k[0] for k in kinds if k}) != 1:
        return None  # mixed element types (float3 * int): HIP converts, the project may not
    if len(kinds) == 1 and operator != "-":
        return None
    return operator


def _line_start(data: bytes, offset: int) -> int:
    return data.rfind(b"\n", 0, offset) + 1


def _line_end(data: bytes, offset: int) -> int:
    newline = data.find(b"\n", offset)
    return len(data) if newline == -1 else newline + 1


def _only_blank_or_comments(data: bytes) -> bool:
    text = re.sub(rb"//[^\n]*|/\*.*?\*/", b"", data, flags=re.S)
    return not text.strip()


# HP704
@file_detector(emits=("HP704",), names=("operator",))
def vector_operator_redefined(ctx: LintContext) -> None:
    if b"operator" not in ctx.data or not ctx.is_hip:
        return  # for nvcc these are the only definitions: nothing to do in CUDA code
    data = ctx.data
    found: list[tuple[Node, str]] = []
    for function in ctx.nodes({"function_definition"}):
        parent = function.parent
        if parent is None or parent.type not in (
            "translation_unit",
            "declaration_list",
            "preproc_ifdef",
            "preproc_if",
            "preproc_else",
        ):
            continue  # members and local classes are not free operators
        operator = _duplicated_operator(function)
        if operator is not None and not inactive_on_amd(function, ctx.amd):
            found.append((function, operator))
    # neighbouring definitions (nothing but blank lines and comments between) share one guard
    groups: list[list[tuple[Node, str]]] = []
    for item in found:
        if groups and _only_blank_or_comments(data[groups[-1][-1][0].end_byte : item[0].start_byte]):
            groups[-1].append(item)
        else:
            groups.append([item])
    for group in groups:
        first, last = group[0][0], group[-1][0]
        start, end = _line_start(data, first.start_byte), _line_end(data, last.end_byte)
        edits = [Edit(start, start, GUARD_OPEN.encode()), Edit(end, end, GUARD_CLOSE.encode())]
        fix = ctx.fix("HP704", "Leave these operator definitions to HIP on AMD", edits)
        operators = ", ".join(dict.fromkeys(f"`operator{op}`" for _, op in group))
        what = f"{len(group)} definitions of {operators}" if len(group) > 1 else f"{operators}"
        ctx.report(
            "HP704",
            (first.start_byte, first.end_byte),
            f"{what} for vector types that HIP's vector types already define element-wise: "
            "on AMD every use is ambiguous; keep them for NVIDIA only",
            fix,
        )
