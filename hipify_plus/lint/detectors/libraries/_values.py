"""Where a variable's value comes from (its declaration in scope, and the writes before a use in
the same function), and the host scalars such as alpha and beta that cuDNN and MIOpen calls
take by pointer."""

from __future__ import annotations

import re
from dataclasses import dataclass

from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import (
    _FUNCTION,
    _SCOPES,
    _ancestor,
    _calls,
    _inside,
    _memo,
    _strip_casts,
)
from hipify_plus.parse import Node


@dataclass(frozen=True)
class _Origin:
    kind: str  # local | parameter | global | none
    values: tuple[Node | None, ...] = ()  # initialisers and right-hand sides; None = written otherwise
    type_text: str = ""


def _declarations(ctx: LintContext) -> list[tuple[str, Node, Node | None, Node]]:
    """(name, declaration, initial value, declarator) for every declared variable in the file."""

    def compute(ctx: LintContext) -> list[tuple[str, Node, Node | None, Node]]:
        found: list[tuple[str, Node, Node | None, Node]] = []
        for decl in ctx.nodes({"declaration"}):
            for declarator in decl.children_by_field_name("declarator"):
                value: Node | None = None
                target: Node | None = declarator
                if declarator.type == "init_declarator":
                    value = declarator.child_by_field_name("value")
                    target = declarator.child_by_field_name("declarator")
                while target is not None and target.type in (
                    "array_declarator",
                    "pointer_declarator",
                    "reference_declarator",
                ):
                    if target.type == "pointer_declarator":
                        target = None  # a pointer is not a scalar we can follow
                        break
                    target = target.child_by_field_name("declarator") or (
                        target.named_children[0] if target.named_children else None
                    )
                if target is not None and target.type == "identifier":
                    found.append((ctx.text(target), decl, value, declarator))
        return found

    return _memo(ctx, "declarations", compute)


def _writes(ctx: LintContext) -> list[tuple[str, Node, Node | None]]:
    """(name, node, right-hand side) for assignments `x = v` (None for `x += v`) and for `&x`
    passed to a call (an out-parameter write)."""

    def compute(ctx: LintContext) -> list[tuple[str, Node, Node | None]]:
        found = []
        for node in ctx.nodes({"assignment_expression"}):
            left = node.child_by_field_name("left")
            operator = node.child_by_field_name("operator")
            if left is not None and left.type == "identifier":
                plain = operator is not None and ctx.text(operator) == "="
                found.append((ctx.text(left), node, node.child_by_field_name("right") if plain else None))
        for call in _calls(ctx):
            for arg in call.args:
                if arg.type == "pointer_expression" and ctx.text(arg).lstrip().startswith("&"):
                    inner = arg.child_by_field_name("argument")
                    if inner is not None and inner.type == "identifier":
                        found.append((ctx.text(inner), call.node, None))
        return found

    return _memo(ctx, "writes", compute)


def _origin(name: str, at: Node, ctx: LintContext, *, pointer_writes: bool = True) -> _Origin:
    """Where `name`, used at `at`, gets its value: its declaration in scope plus the writes to it
    before `at` in the same function (a None value: `+=` and the like, or `&name` passed to a
    call, which counts as a write only with `pointer_writes`)."""
    function = _ancestor(at, _FUNCTION)
    best = None
    for decl_name, decl, value, _ in _declarations(ctx):
        if decl_name != name or decl.start_byte > at.start_byte:
            continue
        scope = _ancestor(decl, _SCOPES)
        if scope is not None and scope.type != "translation_unit" and not _inside(at, scope):
            continue
        best = (decl, value)
    if best is not None:
        decl, value = best
        kind = "local" if function is not None and _inside(decl, function) else "global"
        type_node = decl.child_by_field_name("type")
        values: list[Node | None] = [value] if value is not None else []
        if kind == "local" and function is not None:
            values += [
                right
                for write_name, node, right in _writes(ctx)
                if write_name == name
                and _inside(node, function)
                and node.start_byte < at.start_byte
                and (pointer_writes or node.type != "call_expression")
            ]
        return _Origin(kind, tuple(values), ctx.text(type_node) if type_node is not None else "")
    if function is not None:
        declarator = function.child_by_field_name("declarator")
        while declarator is not None and declarator.type != "function_declarator":
            declarator = declarator.child_by_field_name("declarator")
        parameters = declarator.child_by_field_name("parameters") if declarator is not None else None
        for parameter in parameters.named_children if parameters is not None else []:
            target = parameter.child_by_field_name("declarator")
            if target is not None and target.type == "identifier" and ctx.text(target) == name:
                type_node = parameter.child_by_field_name("type")
                qualifiers = " ".join(ctx.text(c) for c in parameter.children if c.type == "type_qualifier")
                type_text = ctx.text(type_node) if type_node is not None else ""
                return _Origin("parameter", (), f"{qualifiers} {type_text}".strip())
    return _Origin("none")


_FLOAT = re.compile(r"^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?[fFlL]?$")
_SCALAR_TYPES = re.compile(r"^(?:const\s+)?(?:float|double|half|__half|int|_Float16)$")


def _number(node: Node | None, ctx: LintContext) -> float | None:
    """The value of a numeric literal expression (`1.0f`, `-0.5`, `{1.f}`, `(float)0`)."""
    if node is None:
        return None
    node = _strip_casts(node, ctx)
    if node.type == "initializer_list":
        inner = [c for c in node.named_children if c.type != "comment"]
        return _number(inner[0], ctx) if len(inner) == 1 else None
    if node.type == "unary_expression":
        operator = node.child_by_field_name("operator")
        value = _number(node.child_by_field_name("argument"), ctx)
        if value is None or operator is None:
            return None
        return -value if ctx.text(operator) == "-" else value if ctx.text(operator) == "+" else None
    if node.type == "number_literal":
        text = ctx.text(node).replace("'", "")
        if _FLOAT.match(text):
            return float(text.rstrip("fFlL"))
        folded = ctx.int_value(node)
        return float(folded) if folded is not None else None
    if node.type == "identifier":
        folded = ctx.int_value(node)
        return float(folded) if folded is not None else None
    return None


def _scalar(arg: Node, at: Node, ctx: LintContext) -> tuple[str, list[float] | str]:
    """A host scalar passed by pointer (`&beta`, `beta_array`): its name and its possible
    values, or 'parameter' / 'unknown'."""
    inner = _strip_casts(arg, ctx)
    if inner.type == "pointer_expression" and ctx.text(inner).lstrip().startswith("&"):
        target = inner.child_by_field_name("argument")
    elif inner.type == "identifier":
        target = inner
    else:
        return ctx.text(arg), "unknown"
    if target is None or target.type != "identifier":
        return ctx.text(arg), "unknown"
    name = ctx.text(target)
    origin = _origin(name, at, ctx, pointer_writes=False)
    if origin.kind == "parameter":
        scalar = _SCALAR_TYPES.match(origin.type_text.strip()) and inner.type == "pointer_expression"
        return name, "parameter" if scalar else "unknown"
    if origin.kind == "none" or not origin.values:
        return name, "unknown"
    values = [_number(v, ctx) for v in origin.values]
    if any(v is None for v in values):
        return name, "unknown"
    return name, [v for v in values if v is not None]
