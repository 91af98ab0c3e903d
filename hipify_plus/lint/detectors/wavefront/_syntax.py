"""Node helpers the wavefront rules share: operators and literals seen through parentheses, the
function around a node and its kind, compile-time-constant contexts, and the per-file cache the
rules keep on the context. Helpers every family needs come from `hipify_plus.cuda.syntax`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hipify_plus.cuda.syntax import base_name, declarator_name
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.literals import parse_int
from hipify_plus.parse import Node

_CONSTANT_CONTEXTS = frozenset(
    {
        "template_argument_list",
        "static_assert_declaration",
        "case_statement",
        "enumerator",
        "alignas_qualifier",
        "launch_bounds",
        "template_parameter_list",
        "bitfield_clause",
    }
)
_STATEMENT_END = frozenset(
    {
        "expression_statement",
        "declaration",
        "return_statement",
        "compound_statement",
        "if_statement",
        "for_statement",
        "while_statement",
        "function_definition",
        "field_declaration",
        "translation_unit",
    }
)


def _unparen(node: Node | None) -> Node | None:
    while node is not None and node.type == "parenthesized_expression":
        inner = [c for c in node.named_children if c.type != "comment"]
        if len(inner) != 1:
            return node
        node = inner[0]
    return node


def _up(node: Node) -> Node | None:
    """The parent, skipping parentheses around `node`."""
    parent = node.parent
    while parent is not None and parent.type == "parenthesized_expression":
        parent = parent.parent
    return parent


def _op_literal(node: Node, ctx: LintContext) -> tuple[str, int | None]:
    """(operator, right-hand literal) of a binary expression: ("%", 32) for `x % 32`."""
    return _operator(node, ctx), _literal(node.child_by_field_name("right"), ctx)


def _parenthesized(node: Node, ctx: LintContext) -> list[Edit]:
    """Edits that wrap an operand in parentheses when a tighter operator will replace its own."""
    inner = _unparen(node)
    if (
        node.type == "parenthesized_expression"
        or inner is None
        or inner.type not in ("binary_expression", "conditional_expression", "assignment_expression")
    ):
        return []
    if _operator(inner, ctx) in ("*", "/", "%"):
        return []
    return [Edit(node.start_byte, node.start_byte, b"("), Edit(node.end_byte, node.end_byte, b")")]


def _literal(node: Node | None, ctx: LintContext) -> int | None:
    """The value of an integer literal (through parentheses), not of a named constant."""
    node = _unparen(node)
    if node is None or node.type != "number_literal":
        return None
    return parse_int(ctx.text(node))


def _operator(node: Node, ctx: LintContext) -> str:
    operator = node.child_by_field_name("operator")
    return ctx.text(operator) if operator is not None else ""


def _function_of(node: Node) -> Node | None:
    """The function_definition around `node`, looking through lambdas (a lambda's body counts as
    code of the function that holds it); `cuda.syntax.enclosing_function` stops at a lambda."""
    parent = node.parent
    while parent is not None and parent.type != "function_definition":
        parent = parent.parent
    return parent


def _function_kind(function: Node | None, ctx: LintContext) -> str:
    """kernel | device | host (a `__host__ __device__` function counts as device code), also
    where a macro of the file spells the execution space (`#define DEVICE __device__`)."""
    if function is None:
        return "host"
    kinds = ctx.execution_space(function)
    if "__global__" in kinds:
        return "kernel"
    return "device" if "__device__" in kinds else "host"


def _function_name(function: Node, ctx: LintContext) -> str:
    name = declarator_name(function)
    return base_name(ctx.text(name)) if name is not None else ""


def _assigned_name(node: Node, ctx: LintContext) -> str:
    """The variable an expression initialises or is assigned to, if it is one directly."""
    parent = _up(node)
    if parent is None:
        return ""
    if parent.type == "init_declarator":
        name = parent.child_by_field_name("declarator")
        return ctx.text(name) if name is not None and name.type == "identifier" else ""
    if parent.type == "assignment_expression":
        left = parent.child_by_field_name("left")
        return ctx.text(left) if left is not None and left.type == "identifier" else ""
    return ""


def _constant_context(node: Node, ctx: LintContext) -> bool:
    """True where only a compile-time constant may appear (array bounds, template arguments,
    static_assert, constexpr initialisers, case labels, alignas, ...)."""
    child, parent = node, node.parent
    while parent is not None and parent.type not in _STATEMENT_END:
        if parent.type in _CONSTANT_CONTEXTS:
            return True
        if parent.type == "array_declarator" and child == parent.child_by_field_name("size"):
            return True
        if parent.type == "init_declarator":
            declaration = parent.parent
            if declaration is not None and any(
                c.type == "type_qualifier" and ctx.text(c) == "constexpr" for c in declaration.children
            ):
                return True
        child, parent = parent, parent.parent
    if parent is not None and parent.type == "if_statement" and child.type == "condition_clause":
        return any(ctx.text(c) == "constexpr" for c in parent.children if not c.is_named)
    return False


def _cache(ctx: LintContext) -> dict[str, Any]:
    """Per-file results shared by this module's detectors (the context lives for one file)."""
    cache: dict[str, Any] = vars(ctx).setdefault("_wavefront_cache", {})
    return cache


def _call_base(call: Node, ctx: LintContext) -> str:
    function = call.child_by_field_name("function")
    if function is None:
        return ""
    if function.type == "field_expression":
        field_node = function.child_by_field_name("field")
        return ctx.text(field_node) if field_node is not None else ""
    return base_name(ctx.text(function))


def _line(ctx: LintContext, node: Node) -> int:
    return node.start_point[0] + 1


def _in_preproc_condition(node: Node) -> bool:
    child, parent = node, node.parent
    while parent is not None:
        if parent.type in ("preproc_if", "preproc_elif"):
            return child == parent.child_by_field_name("condition")
        if parent.type in _STATEMENT_END:
            return False
        child, parent = parent, parent.parent
    return False


_GUARDED_BRANCH = {
    "conditional_expression": "consequence",
    "if_statement": "consequence",
    "while_statement": "body",
    "for_statement": "body",
}


def _guarding_conditions(node: Node) -> Iterator[Node]:
    """The conditions `node` runs under inside its function, innermost first: of each `?:`, `if`,
    `while` or `for` whose guarded branch (the consequence or the body) holds it."""
    child, parent = node, node.parent
    while parent is not None and parent.type != "function_definition":
        guarded = _GUARDED_BRANCH.get(parent.type)
        if guarded and child == parent.child_by_field_name(guarded):
            condition = parent.child_by_field_name("condition")
            if condition is not None:
                yield condition
        child, parent = parent, parent.parent
