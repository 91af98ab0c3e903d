"""WMMA fragments as the WMMA rules see them: every `fragment<Use, M, N, K, T[, Layout]>` of a
file (CUDA's `wmma::`/`nvcuda::wmma::` and rocWMMA's spellings), the variables declared with
each, and the (input, accumulator, shape) combinations `mma_sync` runs, checked per target
against rules/mappings/rocwmma_shapes.tsv (hipify_plus/rewrite/wmma.py)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import cast

from hipify_plus.cuda.syntax import call_args, callee_name, descendants, enclosing_function, named, same
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._file import _portability_cache
from hipify_plus.parse import Node
from hipify_plus.rewrite.wmma import DEFAULT_ACCUMULATOR, Support, element_key, support, tf32_port

USES = frozenset({"matrix_a", "matrix_b", "accumulator"})
WMMA_SCOPES = frozenset({"wmma", "nvcuda::wmma", "::nvcuda::wmma", "rocwmma", "::rocwmma"})
USING_WMMA = re.compile(rb"using\s+namespace\s+(?:::)?(?:nvcuda\s*::\s*wmma|rocwmma)\s*;")
WMMA_CALLS = frozenset({"mma_sync", "load_matrix_sync", "store_matrix_sync", "fill_fragment"})


@dataclass(eq=False)  # identity: one per fragment type written
class Fragment:
    node: Node  # the template_type `fragment<...>`
    use: str  # matrix_a | matrix_b | accumulator ('' when not one of them)
    shape: tuple[int, int, int] | None
    element: Node | None  # the element-type argument
    key: str | None  # f16, bf16, tf32, ... (None: not a type the table knows)
    layout: Node | None
    function: Node | None  # the function it is declared in
    names: list[str] = field(default_factory=list)  # variables declared with it


@lru_cache(maxsize=8)
def _unqualified_wmma(data: bytes) -> bool:
    return USING_WMMA.search(data) is not None


def _template_int(argument: Node, ctx: LintContext) -> int | None:
    if argument.type == "type_descriptor":  # `WMMA_M` parses as a type name
        return ctx.constants.get(ctx.text(argument).strip())
    return ctx.int_value(argument)


def _declared_names(declaration: Node) -> list[str]:
    names = []
    for declarator in declaration.children_by_field_name("declarator"):
        current: Node | None = declarator
        while current is not None and current.type != "identifier":
            current = current.child_by_field_name("declarator")
        if current is not None and current.text is not None:
            names.append(current.text.decode("utf-8", "surrogateescape"))
    return names


def _scope(node: Node, ctx: LintContext) -> str | None:
    """`wmma` for `wmma::fragment<...>`, '' unqualified, None when not a WMMA fragment."""
    parent = node.parent
    if parent is not None and parent.type == "qualified_identifier":
        scope = parent.child_by_field_name("scope")
        text = ctx.text(scope).replace(" ", "") if scope is not None else ""
        outer = parent.parent
        if outer is not None and outer.type == "qualified_identifier":
            outer_scope = outer.child_by_field_name("scope")
            if outer_scope is not None:
                text = ctx.text(outer_scope).replace(" ", "") + "::" + text
        return text if text in WMMA_SCOPES else None
    return "" if _unqualified_wmma(ctx.data) else None


def fragments(ctx: LintContext) -> list[Fragment]:
    """Every WMMA fragment type written in the file, in order."""
    cache = _portability_cache(ctx)
    if "wmma_fragments" in cache:
        return cast("list[Fragment]", cache["wmma_fragments"])
    found = []
    if b"fragment" in ctx.data:
        for node in ctx.nodes({"template_type"}):
            name = node.child_by_field_name("name")
            if name is None or ctx.text(name) != "fragment" or _scope(node, ctx) is None:
                continue
            args = named(node.child_by_field_name("arguments"))
            if not args:
                continue
            use = ctx.text(args[0]).split("::")[-1].strip()
            shape = tuple(_template_int(a, ctx) for a in args[1:4]) if len(args) >= 4 else ()
            element = args[4] if len(args) >= 5 else None
            fragment = Fragment(
                node,
                use if use in USES else "",
                shape if len(shape) == 3 and None not in shape else None,  # type: ignore[arg-type]
                element,
                element_key(ctx.text(element)) if element is not None else None,
                args[5] if len(args) >= 6 else None,
                enclosing_function(node),
            )
            holder = node.parent
            while holder is not None and holder.type in ("qualified_identifier", "template_type"):
                holder = holder.parent
            if holder is not None and holder.type in ("declaration", "field_declaration", "parameter_declaration"):
                fragment.names = _declared_names(holder)
            found.append(fragment)
    cache["wmma_fragments"] = found
    return found


def _argument_name(argument: Node, ctx: LintContext) -> str:
    """`a[i][j]` -> a, `(acc)` -> acc; '' for anything else."""
    node = argument
    while node.type in ("subscript_expression", "parenthesized_expression"):
        inner = (
            node.child_by_field_name("argument")
            if node.type == "subscript_expression"
            else next(iter(named(node)), None)
        )
        if inner is None:
            return ""
        node = inner
    return ctx.text(node) if node.type == "identifier" else ""


def fragment_of(argument: Node, function: Node | None, ctx: LintContext) -> Fragment | None:
    """The fragment a call argument names, declared in the same function."""
    name = _argument_name(argument, ctx)
    if not name:
        return None
    for fragment in fragments(ctx):
        if (
            fragment.function is not None
            and function is not None
            and same(fragment.function, function)
            and name in fragment.names
        ):
            return fragment
    return None


def wmma_calls(ctx: LintContext) -> list[Node]:
    """Calls of the WMMA API (`wmma::mma_sync(...)`, `load_matrix_sync(...)`, ...)."""
    cache = _portability_cache(ctx)
    if "wmma_calls" not in cache:
        cache["wmma_calls"] = (
            [n for n in ctx.nodes({"call_expression"}) if callee_name(n).split("::")[-1] in WMMA_CALLS]
            if b"_sync" in ctx.data
            else []
        )
    return cast("list[Node]", cache["wmma_calls"])


@dataclass(frozen=True, eq=False)
class Combination:
    ti: str
    tc: str
    shape: tuple[int, int, int]
    inputs: tuple[Fragment, ...]  # the matrix_a/matrix_b fragments that carry it


def combinations(ctx: LintContext) -> tuple[list[Combination], list[Fragment]]:
    """What each `mma_sync(d, a, b, c)` runs, and fragments whose types cannot be told (an
    element type the table does not know, a shape that does not fold, an mma_sync argument that
    is not a fragment declared in its function). Input fragments no mma_sync uses count with
    CUDA's usual accumulator for their type."""
    combos: dict[tuple[str, str, tuple[int, int, int]], list[Fragment]] = {}
    unknown: list[Fragment] = []
    used: set[tuple[int, int, str]] = set()
    for call in wmma_calls(ctx):
        if callee_name(call).split("::")[-1] != "mma_sync":
            continue
        args = call_args(call)
        if len(args) != 4:
            continue
        function = enclosing_function(call)
        parts = [fragment_of(a, function, ctx) for a in args]
        a, b, c = parts[1], parts[2], parts[3]
        for part in (a, b, c):
            if part is not None and (part.key is None or part.shape is None):
                unknown.append(part)
        if a is None or b is None or c is None or a.key is None or c.key is None or a.shape is None:
            continue
        used.update((key(a.node), key(b.node)))
        combos.setdefault((a.key, c.key, a.shape), []).extend([a, b])
    for fragment in fragments(ctx):
        if fragment.use not in ("matrix_a", "matrix_b") or key(fragment.node) in used:
            continue
        if fragment.key is None or fragment.shape is None:
            unknown.append(fragment)
            continue
        tc = DEFAULT_ACCUMULATOR.get(fragment.key)
        if tc is not None:
            combos.setdefault((fragment.key, tc, fragment.shape), []).append(fragment)
    result = [Combination(ti, tc, shape, tuple(dict.fromkeys(inputs))) for (ti, tc, shape), inputs in combos.items()]
    return result, list({id(f): f for f in unknown}.values())


def supports(combination: Combination, ctx: LintContext) -> tuple[str, tuple[Support, ...]]:
    """The element type the port writes for a combination (tf32 -> xf32 or f32) and what each
    target does with it."""
    arches, rocm = ctx.settings.arches, ctx.settings.target_rocm
    if combination.ti == "tf32":
        port = tf32_port(combination.shape, combination.tc, arches, rocm)
        return port.key, port.supports
    return combination.ti, tuple(support(combination.ti, combination.tc, combination.shape, a, rocm) for a in arches)


def key(node: Node) -> tuple[int, int, str]:
    return node.start_byte, node.end_byte, node.type


def in_function(node: Node, function: Node) -> bool:
    return function.start_byte <= node.start_byte and node.end_byte <= function.end_byte


def wmma_nodes(function: Node, ctx: LintContext) -> list[Node]:
    """The fragment types and WMMA calls inside a function."""
    return [f.node for f in fragments(ctx) if in_function(f.node, function)] + [
        c for c in wmma_calls(ctx) if in_function(c, function)
    ]


def subtree_has(node: Node, predicate: Callable[[Node], bool]) -> bool:
    return any(predicate(n) for n in descendants(node))
