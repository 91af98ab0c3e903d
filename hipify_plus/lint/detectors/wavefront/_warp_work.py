"""Whether code does warp-synchronous work: shuffles, votes, ballots, `__syncwarp`, lane masks,
warp matrix operations, CUB warp primitives, `warpSize`, or a warp-named helper defined in
another file. A 32 that only sizes tiles, loops or per-group arrays in code without any of these
computes the same on a 64-lane wavefront (the groups of 32 threads simply share one), so HP101
and HP110 report a 32-thread warp only where such work sees the hardware width."""

from __future__ import annotations

import re

from hipify_plus.cuda.syntax import descendants
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.wavefront._patterns import _WARPISH
from hipify_plus.lint.detectors.wavefront._syntax import _cache, _call_base, _function_of
from hipify_plus.lint.detectors.wavefront._warp_unit_model import _functions
from hipify_plus.parse import Node

_WARP_WORK = re.compile(
    r"__shfl\w*|__ballot\w*|__activemask|__any(_sync)?|__all(_sync)?|__syncwarp|__match_\w+|"
    r"__reduce_\w+_sync|__lane_id|__lanemask_\w+|warpSize|__builtin_amdgcn_\w+|"
    r"\w+_matrix_sync|mma_sync|fill_fragment|Warp(Reduce|Scan|Exchange|Load|Store|MergeSort)"
)
_PTX_WARP_WORK = re.compile(rb"shfl\.|vote\.|%%laneid|%laneid|activemask|redux\.sync|match\.")
_IDENTIFIERS = frozenset({"identifier", "field_identifier", "type_identifier"})


def does_warp_work(ctx: LintContext, function: Node) -> bool:
    """True if `function`, or a function it calls that this file defines, does warp-synchronous
    work, or calls a warp-named helper this file does not define (it may)."""
    cache = _cache(ctx).setdefault("warp_work", {})
    key = function.start_byte
    if key not in cache:
        cache[key] = False  # a recursive call sees "no work yet"
        functions = _functions(ctx)
        by_name: dict[str, list[Node]] = {}
        for item in functions.values():
            if item.kind == "device":  # a kernel it launches runs as its own unit
                by_name.setdefault(item.name, []).append(item.node)
        found = _direct_warp_work(ctx, function, {f.name for f in functions.values()})
        if not found:
            own = functions.get(key)
            callees = own.calls(ctx) if own is not None else set()
            found = any(does_warp_work(ctx, callee) for name in callees for callee in by_name.get(name, ())
                        if callee.start_byte != key)
        cache[key] = found
    return cache[key]


def _direct_warp_work(ctx: LintContext, function: Node, defined: set[str]) -> bool:
    body = function.child_by_field_name("body")
    for node in descendants(body) if body is not None else ():
        kind = node.type
        if kind in _IDENTIFIERS:
            if _WARP_WORK.fullmatch(ctx.text(node)):
                return True
        elif kind == "call_expression":
            name = _call_base(node, ctx)
            if name and name not in defined and _WARPISH.search(name) \
                    and not name.startswith(("tiled_partition", "this_")):
                return True
        elif kind == "gnu_asm_expression" and _PTX_WARP_WORK.search(node.text or b""):
            return True
    return False


def names_in_warp_work(ctx: LintContext, names: set[str], header: bool) -> bool:
    """True if one of `names` is used by a function that does warp-synchronous work, or where
    its users cannot be seen: a file-scope declaration, or nowhere in a header (other files
    include it)."""
    used = False
    for node in ctx.nodes(frozenset({"identifier", "type_identifier"})):
        if ctx.text(node) not in names or _defines(node):
            continue
        function = _function_of(node)
        if function is None:
            if _in_macro_or_condition(node) or _defining_one_of(node, names, ctx):
                continue
            return True  # a file-scope array sized by it, or the like: its users are not all here
        used = True
        if does_warp_work(ctx, function):
            return True
    return header and not used


def _defining_one_of(node: Node, names: set[str], ctx: LintContext) -> bool:
    """In the initialiser of a file-scope constant that is itself one of `names`."""
    parent = node.parent
    while parent is not None and parent.type not in ("init_declarator", "declaration", "translation_unit"):
        parent = parent.parent
    if parent is None or parent.type != "init_declarator":
        return False
    declared = parent.child_by_field_name("declarator")
    return declared is not None and ctx.text(declared) in names


def _defines(node: Node) -> bool:
    parent = node.parent
    if parent is None:
        return False
    field_name = {"preproc_def": "name", "preproc_function_def": "name", "enumerator": "name",
                  "init_declarator": "declarator"}.get(parent.type)
    return field_name is not None and parent.child_by_field_name(field_name) == node


def _in_macro_or_condition(node: Node) -> bool:
    """Inside another #define (a derived name, followed separately) or an #if test."""
    parent = node.parent
    while parent is not None:
        if parent.type in ("preproc_def", "preproc_function_def", "preproc_arg"):
            return True
        if parent.type in ("preproc_if", "preproc_elif"):
            return True
        if parent.type in ("declaration", "function_definition", "translation_unit"):
            return False
        parent = parent.parent
    return False


def unit_does_warp_work(ctx: LintContext, function: Node) -> bool:
    """True if `function`, what it calls, or a function of this file that calls it (directly or
    through others) does warp-synchronous work."""
    if does_warp_work(ctx, function):
        return True
    functions = _functions(ctx)
    own = functions.get(function.start_byte)
    if own is None:
        return False
    names, seen = {own.name}, {function.start_byte}
    while names:
        callers = [f for f in functions.values()
                   if f.kind != "host" and f.node.start_byte not in seen and f.calls(ctx) & names]
        if any(does_warp_work(ctx, caller.node) for caller in callers):
            return True
        seen.update(caller.node.start_byte for caller in callers)
        names = {caller.name for caller in callers}
    return False


def file_does_warp_work(ctx: LintContext) -> bool:
    """True if any function of the file does warp-synchronous work."""
    cache = _cache(ctx)
    if "file_warp_work" not in cache:
        cache["file_warp_work"] = any(does_warp_work(ctx, f.node) for f in _functions(ctx).values())
    return cache["file_warp_work"]
