"""HP713: a function defined twice with the same parameter types in one scope, in branches that do
not exclude each other: what overloads on two CUDA types HIP spells alike become after renaming
(`_cudaGetErrorEnum(cudaError_t)` and `_cudaGetErrorEnum(CUresult)` in cuda-samples' helper_cuda.h
are both `_cudaGetErrorEnum(hipError_t)`). Where the first is compiled under `#ifdef X`, the second
gets `#ifndef X`, so exactly one is compiled."""

from __future__ import annotations

import re

from hipify_plus.cuda.syntax import declarator_name, node_text
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.compile.hp701_cuda_header_guard import hip_guard
from hipify_plus.lint.registry import file_detector
from hipify_plus.parse import Node

_PREPROCESSOR = frozenset({"preproc_if", "preproc_ifdef", "preproc_else", "preproc_elif", "preproc_elifdef"})
_DEFINED = re.compile(r"^\s*(!?)\s*defined\s*\(?\s*(\w+)\s*\)?\s*$")


def _signature(definition: Node) -> tuple[str, str] | None:
    """(name, parameter types without their names), or None when it is not a plain function."""
    name = declarator_name(definition)
    declarator = name.parent if name is not None else None
    if name is None or declarator is None or name.type not in ("identifier", "qualified_identifier"):
        return None
    parameters = declarator.child_by_field_name("parameters")
    if parameters is None:
        return None
    types = []
    for parameter in parameters.named_children:
        if parameter.type == "comment":
            continue
        text = node_text(parameter)
        inner = parameter.child_by_field_name("declarator")
        while inner is not None and inner.type != "identifier":
            inner = inner.child_by_field_name("declarator")
        if inner is not None:
            start, end = inner.start_byte - parameter.start_byte, inner.end_byte - parameter.start_byte
            raw = parameter.text or b""
            text = (raw[:start] + raw[end:]).decode("utf-8", "surrogateescape")
        types.append(" ".join(text.replace("*", " * ").replace("&", " & ").split()))
    return node_text(name), ", ".join(types)


def _scope(definition: Node) -> tuple[list[Node], Node | None]:
    """(the conditional blocks around `definition`, innermost first; the enclosing non-preprocessor node)."""
    blocks: list[Node] = []
    parent = definition.parent
    while parent is not None and parent.type in _PREPROCESSOR:
        blocks.append(parent)
        parent = parent.parent
    return blocks, parent


def _key(node: Node) -> tuple[int, int, str]:
    return node.start_byte, node.end_byte, node.type


def _tests(blocks: list[Node], ctx: LintContext) -> set[tuple[str, bool]]:
    """(macro, whether it must be defined) for the `#ifdef X`, `#ifndef X`, `#if defined(X)` and
    `#if !defined(X)` blocks around a definition; a CUDA header's include guard as the guard of
    the HIP header HP701 writes for it (both rewrites run in one convert)."""
    found = set()
    for block in blocks:
        if block.type == "preproc_ifdef":
            name = block.child_by_field_name("name")
            if name is not None:
                found.add((node_text(name), node_text(block).startswith("#ifdef")))
        elif block.type == "preproc_if":
            condition = block.child_by_field_name("condition")
            test = _DEFINED.match(node_text(condition)) if condition is not None else None
            if test is not None:
                found.add((test.group(2), not test.group(1)))
    if not ctx.is_hip:
        return found
    version, roc = ctx.settings.target_rocm, ctx.settings.roc
    return {
        ((guard[2] or name) if (guard := hip_guard(name, version, roc)) else name, defined) for name, defined in found
    }


def _exclusive(first: list[Node], second: list[Node], ctx: LintContext) -> bool:
    """Whether the two are in different branches of one conditional (#if / #else / #elif), or
    under `#ifdef X` and `#ifndef X`."""
    if any((name, not defined) in _tests(second, ctx) for name, defined in _tests(first, ctx)):
        return True
    keys_first, keys_second = {_key(n) for n in first}, {_key(n) for n in second}
    for chain, other in ((second, keys_first), (first, keys_second)):
        for block in chain:
            if (
                block.type in ("preproc_else", "preproc_elif", "preproc_elifdef")
                and block.parent is not None
                and _key(block.parent) in other
                and _key(block) not in other
            ):
                return True
    return False


def _guard(block: Node, ctx: LintContext) -> str | None:
    """`X` of `#ifdef X` or `#if defined(X)`, the block directly around the first definition."""
    return next((name for name, defined in _tests([block], ctx) if defined), None)


def _line_bounds(data: bytes, start: int, end: int) -> tuple[int, int]:
    line_start = data.rfind(b"\n", 0, start) + 1
    line_end = data.find(b"\n", end)
    return line_start, len(data) if line_end < 0 else line_end + 1


@file_detector(emits=("HP713",))
def collapsed_overload(ctx: LintContext) -> None:
    seen: dict[tuple[tuple[int, int, str] | None, str, str], tuple[Node, list[Node]]] = {}
    for node in ctx.nodes({"function_definition"}):
        signature = _signature(node)
        if signature is None:
            continue
        blocks, scope = _scope(node)
        key = (_key(scope) if scope is not None else None, *signature)
        earlier = seen.get(key)
        if earlier is None:
            seen[key] = (node, blocks)
            continue
        first, first_blocks = earlier
        if _exclusive(first_blocks, blocks, ctx):
            continue
        name, types = signature
        line = ctx.source.position(first.start_byte)[0]
        message = (
            f"`{name}({types})` is defined twice (first at line {line}): overloads on two CUDA types "
            f"that HIP spells alike (cudaError_t and CUresult are both hipError_t) became one function"
        )
        guard = _guard(first_blocks[0], ctx) if first_blocks else None
        name_node = declarator_name(node) or node
        if guard is None:
            ctx.report("HP713", name_node, f"{message}; keep one of the two definitions")
            continue
        start, end = _line_bounds(ctx.data, node.start_byte, node.end_byte)
        fix = ctx.fix(
            "HP713",
            f"Compile this definition only where `{guard}` is not defined",
            [
                Edit(start, start, f"#ifndef {guard}\n".encode()),
                Edit(end, end, b"#endif\n" if ctx.data[end - 1 : end] == b"\n" else b"\n#endif\n"),
            ],
        )
        ctx.report(
            "HP713",
            name_node,
            f"{message}; the first is compiled under `{guard}`, so this one is needed only "
            f"where `{guard}` is not defined",
            fix,
        )
