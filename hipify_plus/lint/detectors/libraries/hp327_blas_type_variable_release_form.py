"""HP327: before ROCm 6.0, variables of cuBLAS's compute type and macros of its data types, given
the types and spellings that release's hipBLAS/hipBLASLt take (hipify_plus/rewrite/blas.py): a
`hipblasComputeType_t` (ROCm 6.0's type) becomes hipBLASLt 0.3's `hipblasLtComputeType_t` or
hipBLAS 1.x's `hipblasDatatype_t`, with the values stored in it, compared with it, and the
`#define`d data types of a cuBLAS-only file."""

from __future__ import annotations

import re

from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._blas_rewrites import (
    compute_holder,
    enumerator_leaves,
    file_holder,
    file_includes,
    release,
)
from hipify_plus.lint.registry import detector
from hipify_plus.parse import Node
from hipify_plus.rewrite.blas import (
    COMPUTE_VARIABLE_TYPES,
    blas_only,
    compute_spelling,
    compute_type,
    data_macro_spelling,
)


def _applies(ctx: LintContext) -> bool:
    return ctx.is_hip and ctx.settings.target_rocm < (6, 0, 0) and not ctx.settings.roc


def _library(holder: str) -> str:
    return "hipBLASLt 0.3" if holder == "hipblasLtComputeType_t" else "hipBLAS 1.x"


def _is_respellable(text: str) -> bool:
    """A compute enumerator whose spelling depends on the holder (TF32 ones are HP312's)."""
    found = compute_type(text)
    return found is not None and not found.tf32


def _respelled(leaves: list[Node], holder: str, ctx: LintContext) -> tuple[list[Edit], list[str]]:
    """Edits for the compute enumerators among `leaves` (TF32 ones are HP312's), and the ones the
    holder has no spelling for."""
    edits, missing = [], []
    for leaf in leaves:
        text = ctx.text(leaf)
        if not _is_respellable(text):
            continue
        wanted = compute_spelling(text, holder)
        if wanted is None:
            missing.append(text)
        elif wanted != text:
            edits.append(Edit(leaf.start_byte, leaf.end_byte, wanted.encode()))
    return edits, missing


def _left_for_you(missing: list[str], holder: str) -> str:
    if not missing:
        return ""
    names = ", ".join(f"`{m}`" for m in missing)
    return f"; {_library(holder)} has no spelling for {names} (hipBLASLt 0.3 computes in FP32 only)"


@detector("declaration", "parameter_declaration", emits=("HP327",))
def compute_variable_type(node: Node, ctx: LintContext) -> None:
    type_node = node.child_by_field_name("type")
    if type_node is None or ctx.text(type_node) not in COMPUTE_VARIABLE_TYPES or not _applies(ctx):
        return
    holder = file_holder(ctx)
    edits = [Edit(type_node.start_byte, type_node.end_byte, holder.encode())]
    missing: list[str] = []
    for child in node.named_children:
        value = child.child_by_field_name("value") if child.type == "init_declarator" else None
        leaves = enumerator_leaves(value) if value is not None else None
        if leaves:
            more, lacking = _respelled(leaves, holder, ctx)
            edits += more
            missing += lacking
    why = "this file uses hipBLASLt" if holder == "hipblasLtComputeType_t" else "hipBLAS's GEMM_ex takes it"
    ctx.report(
        "HP327",
        type_node,
        f"`{ctx.text(type_node)}` does not exist before ROCm 6.0; {release(ctx)} spells a compute type "
        f"`{holder}` ({why}){_left_for_you(missing, holder)}",
        ctx.fix("HP327", f"Declare it `{holder}`", edits),
    )


@detector("assignment_expression", emits=("HP327",))
def compute_value_stored(node: Node, ctx: LintContext) -> None:
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if left is None or right is None or not _applies(ctx):
        return
    _respell_values(node, left, right, ctx)


@detector("binary_expression", emits=("HP327",))
def compute_value_compared(node: Node, ctx: LintContext) -> None:
    operator = node.child_by_field_name("operator")
    if operator is None or ctx.text(operator) not in ("==", "!=") or not _applies(ctx):
        return
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    if left is None or right is None:
        return
    if left.type != "identifier":
        left, right = right, left
    _respell_values(node, left, right, ctx)


def _respell_values(node: Node, variable: Node, value: Node, ctx: LintContext) -> None:
    leaves = enumerator_leaves(value) if variable.type == "identifier" else None
    if not leaves or not any(_is_respellable(ctx.text(leaf)) for leaf in leaves):
        return  # asked first: finding the variable's holder is the costly part
    holder = compute_holder(ctx, variable)
    if holder is None or holder == "hipblasComputeType_t":
        return
    edits, missing = _respelled(leaves, holder, ctx)
    if not edits and not missing:
        return
    name = ctx.text(variable)
    message = (
        f"`{name}` is a `{holder}` for {release(ctx)} (convert declares it so): "
        f"its values are {_library(holder)}'s compute enumerators{_left_for_you(missing, holder)}"
    )
    fix = ctx.fix("HP327", f"Spell the values as a `{holder}`", edits) if edits else None
    ctx.report("HP327", value, message, fix)


_DATA_VALUE = re.compile(rb"\s*(HIP_[RC]_\w+)\b")


@detector("preproc_def", emits=("HP327",))
def data_type_macro(node: Node, ctx: LintContext) -> None:
    """`#define LOWP HIP_R_16BF` in a file written for cuBLAS alone: before ROCm 6.0 every BLAS
    call takes the hipblasDatatype_t spelling."""
    value = node.child_by_field_name("value")
    match = _DATA_VALUE.match(ctx.data, value.start_byte, value.end_byte) if value is not None else None
    if match is None or not _applies(ctx) or not blas_only(file_includes(ctx)):
        return
    text = match.group(1).decode()
    wanted = data_macro_spelling(text, ctx.settings.target_rocm, True)
    if wanted is None or wanted == text:
        return
    start, end = match.start(1), match.end(1)
    ctx.report(
        "HP327",
        (start, end),
        f"`{text}` is a hipDataType, which BLAS calls take from ROCm 6.0; this cuBLAS file's macro "
        f"feeds hipBLAS/hipBLASLt calls, which {release(ctx)} gives hipblasDatatype_t types (`{wanted}`)",
        ctx.fix("HP327", f"Define it as `{wanted}`", [Edit(start, end, wanted.encode())]),
    )
