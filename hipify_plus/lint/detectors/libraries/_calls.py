"""The calls and names of a file as the library rules see them (computed once per file and kept
on the context), and small helpers over call arguments: comparable argument keys, casts
stripped, an argument deleted with its comma."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from hipify_plus.cuda.syntax import call_args
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.parse import Node

_T = TypeVar("_T")


@dataclass(frozen=True)
class _Call:
    node: Node
    name: str
    args: tuple[Node, ...]


def _callee(node: Node, ctx: LintContext) -> str:
    """The text of what a call calls, without a template call's arguments (`f<T>(x)` -> `f`).
    Not `cuda.syntax.callee_name`, which drops a leading `::` and gives '' for callees that are
    not plain names: here `::cudnnFoo(...)` keeps its `::` (no rule recognises it) and
    `obj.f(...)` gives `obj.f`; moving to callee_name would change findings."""
    function = node.child_by_field_name("function")
    if function is None:
        return ""
    if function.type == "template_function":
        function = function.child_by_field_name("name") or function
    return ctx.text(function)


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _key(node: Node, ctx: LintContext) -> str:
    """An argument as a comparable key: no spaces, no leading `&`, no outer parentheses."""
    text = _squash(ctx.text(node))
    while text.startswith("(") and text.endswith(")"):
        text = text[1:-1]
    return text.lstrip("&")


def _memo(ctx: LintContext, key: str, compute: Callable[[LintContext], _T]) -> _T:
    """Per-file analyses shared by several detectors, kept on the context like its own
    cached properties."""
    store: dict[str, Any] = ctx.__dict__.setdefault("_libraries_memo", {})
    if key not in store:
        store[key] = compute(ctx)
    value: _T = store[key]  # what `compute` returned for this key
    return value


def _calls(ctx: LintContext) -> list[_Call]:
    def compute(ctx: LintContext) -> list[_Call]:
        return [_Call(n, _callee(n, ctx), tuple(call_args(n))) for n in ctx.nodes({"call_expression"})]

    return _memo(ctx, "calls", compute)


def _names(ctx: LintContext) -> frozenset[str]:
    def compute(ctx: LintContext) -> frozenset[str]:
        kinds = frozenset({"identifier", "type_identifier", "namespace_identifier"})
        return frozenset(ctx.text(n) for n in ctx.nodes(kinds))

    return _memo(ctx, "names", compute)


def _uses(ctx: LintContext, prefix: str) -> bool:
    """True if the file names an identifier with this library prefix (`miopen`, `rocblas_`...)."""
    if prefix.encode() not in ctx.data:
        return False  # no name of the file can start with it: its names are not collected
    return any(name.startswith(prefix) for name in _names(ctx))


def _starts(node: Node, ctx: LintContext, prefixes: tuple[bytes, ...]) -> bool:
    """A cheap first test for identifier detectors, before decoding the text."""
    return ctx.data.startswith(prefixes, node.start_byte)


def _ancestor(node: Node, types: frozenset[str]) -> Node | None:
    parent = node.parent
    while parent is not None and parent.type not in types:
        parent = parent.parent
    return parent


_FUNCTION = frozenset({"function_definition"})
_SCOPES = frozenset({"compound_statement", "function_definition", "translation_unit", "declaration_list"})


def _inside(node: Node, outer: Node) -> bool:
    return outer.start_byte <= node.start_byte and node.end_byte <= outer.end_byte


def _strip_casts(node: Node, ctx: LintContext) -> Node:
    """`(void*)&x`, `static_cast<const void*>(&x)`, `(x)` -> the inner expression."""
    while True:
        if node.type == "parenthesized_expression":
            inner = [c for c in node.named_children if c.type != "comment"]
            if len(inner) != 1:
                return node
            node = inner[0]
        elif node.type == "cast_expression":
            value = node.child_by_field_name("value")
            if value is None:
                return node
            node = value
        elif node.type == "call_expression" and _callee(node, ctx) in (
            "static_cast",
            "reinterpret_cast",
            "const_cast",
            "float",
            "double",
        ):
            inner = call_args(node)
            if len(inner) != 1:
                return node
            node = inner[0]
        else:
            return node


def _drop_argument(args: list[Node], index: int, ctx: LintContext) -> Edit | None:
    """Delete one argument and one adjacent comma, never a comment or line break beside it."""
    data = ctx.data
    if index + 1 < len(args):
        between = data[args[index].end_byte : args[index + 1].start_byte]
        if between.strip() == b",":
            return Edit(args[index].start_byte, args[index + 1].start_byte, b"")
    if index > 0:
        between = data[args[index - 1].end_byte : args[index].start_byte]
        if between.strip() == b"," and b"\n" not in between:
            return Edit(args[index - 1].end_byte, args[index].end_byte, b"")
    return None
