"""Whether code sees the width of the hardware wavefront. A 32-thread "warp" in code that does
not see it is only a group of 32 threads, and computes the same on a 64-lane wavefront: two
groups share one wavefront, and a shuffle by an offset below 32 (`__shfl_xor(v, 16)`,
`__shfl_down(v, 8)`) stays inside its group of 32 lanes, so a reduction that starts at 16 gives
each group's first lane its group's result, as on NVIDIA.

What sees the width: votes and ballots (`__ballot`, `__any`, `__all`, `__activemask`,
`__match_*`, `__reduce_*_sync`), lane masks and `__lane_id()`, `warpSize` and the wavefront-size
macros, shuffles by an absolute source lane (`__shfl(v, 0)` broadcasts lane 0 of all 64 lanes)
or by 32 and more, warp matrix operations, CUB warp primitives (their default width is the
hardware's), PTX lane or vote instructions, and warp-named helpers this file does not define,
unless a project header it includes defines them and they do none of this (`_warp_headers.py`).
A barrier (`__syncwarp`) and a shuffle with an explicit width of at most 32 do not.

HP101, HP102 and HP110 report a 32-lane assumption only in a unit (a function, the device
functions it calls, the functions that call it) that sees the width, and HP105 only a reduction
in such a unit; a device function that no function of this file calls has callers that are not
visible, and counts as seeing it if it does any warp work (a shuffle, `__syncwarp`)."""

from __future__ import annotations

import re
from typing import cast

from hipify_plus.cuda.syntax import call_args, callee_text, defines_name, descendants
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.wavefront._patterns import _WARPISH
from hipify_plus.lint.detectors.wavefront._syntax import _cache, _call_base, _function_of, _literal
from hipify_plus.lint.detectors.wavefront._warp_headers import header_helpers
from hipify_plus.lint.detectors.wavefront._warp_unit_model import _functions
from hipify_plus.parse import Node

_SEES_WIDTH = re.compile(
    r"__ballot\w*|__activemask|__any(_sync)?|__all(_sync)?|__match_\w+|__reduce_\w+_sync|__lane_id|"
    r"__lanemask_\w+|warpSize|__AMDGCN_WAVEFRONT_SIZE\w*|HP_WARP_SIZE|__builtin_amdgcn_\w+|"
    r"\w+_matrix_sync|mma_sync|fill_fragment|Warp(Reduce|Scan|Exchange|Load|Store|MergeSort)"
)
_ABSOLUTE_SHUFFLES = frozenset({"__shfl", "__shfl_sync"})
_RELATIVE_SHUFFLES = frozenset(
    {"__shfl_xor", "__shfl_xor_sync", "__shfl_down", "__shfl_down_sync", "__shfl_up", "__shfl_up_sync"}
)
_PTX_SEES_WIDTH = re.compile(rb"shfl\.|vote\.|%%laneid|%laneid|activemask|redux\.sync|match\.")
_IDENTIFIERS = frozenset({"identifier", "field_identifier", "type_identifier"})


def sees_wave_width(ctx: LintContext, function: Node, any_warp_work: bool = False) -> bool:
    """True if `function`, or a device function of this file it calls, sees the wavefront width
    (or calls a warp-named helper this file does not define). With `any_warp_work`, any warp
    operation counts: shuffles by small offsets and `__syncwarp` too."""
    cache: dict[tuple[int, bool], bool] = _cache(ctx).setdefault("sees_width", {})
    key = (function.start_byte, any_warp_work)
    if key not in cache:
        cache[key] = False  # a recursive call sees "not yet"
        functions = _functions(ctx)
        by_name: dict[str, list[Node]] = {}
        for item in functions.values():
            if item.kind == "device":  # a kernel it launches runs as its own unit
                by_name.setdefault(item.name, []).append(item.node)
        found = _direct(ctx, function, {f.name for f in functions.values()}, any_warp_work)
        if not found:
            own = functions.get(function.start_byte)
            callees = own.calls(ctx) if own is not None else set()
            found = any(
                sees_wave_width(ctx, callee, any_warp_work)
                for name in callees
                for callee in by_name.get(name, ())
                if callee.start_byte != function.start_byte
            )
        cache[key] = found
    return cache[key]


def _direct(ctx: LintContext, function: Node, defined: set[str], any_warp_work: bool) -> bool:
    return bool(_first_width_use(ctx, function, defined, any_warp_work))


def first_width_use(ctx: LintContext, function: Node) -> str:
    """The first construct of `function` itself that sees the wavefront width, as written
    (`warpSize`, `__shfl_sync`, `asm`), or ""; comments and strings do not count."""
    return _first_width_use(ctx, function, {f.name for f in _functions(ctx).values()}, False)


def _first_width_use(ctx: LintContext, function: Node, defined: set[str], any_warp_work: bool) -> str:
    body = function.child_by_field_name("body")
    for node in descendants(body) if body is not None else ():
        kind = node.type
        if kind in _IDENTIFIERS:
            name = ctx.text(node)
            if _SEES_WIDTH.fullmatch(name) or (any_warp_work and name == "__syncwarp"):
                return name
        elif kind == "call_expression":
            name = callee_text(node)
            if name in _ABSOLUTE_SHUFFLES or name in _RELATIVE_SHUFFLES:
                if any_warp_work or _shuffle_sees_width(node, name, ctx):
                    return name
                continue
            base = _call_base(node, ctx)
            if (
                base
                and base not in defined
                and _WARPISH.search(base)
                and not base.startswith(("tiled_partition", "this_"))
            ):
                helpers = header_helpers(ctx)
                if base not in helpers or helpers[base] or any_warp_work:
                    return f"{base}()"  # a helper of another file that sees the width, or one not found
        elif kind == "gnu_asm_expression" and _PTX_SEES_WIDTH.search(node.text or b""):
            return "asm"
    return ""


def _shuffle_sees_width(call: Node, name: str, ctx: LintContext) -> bool:
    """An absolute-lane shuffle, or a shift by 32 or more, without an explicit width of 32 or less."""
    args = call_args(call)
    at = 2 if name.endswith("_sync") else 1  # the source lane or the offset
    if len(args) > at + 1:
        width = ctx.int_value(args[at + 1])
        if width is not None and 0 < width <= 32:
            return False
    if name in _ABSOLUTE_SHUFFLES:
        return True
    offset = _literal(args[at], ctx) if len(args) > at else None
    return offset is not None and offset >= 32


def unit_sees_wave_width(ctx: LintContext, function: Node) -> bool:
    """True if `function`, what it calls, or a function of this file that calls it (directly or
    through others) sees the wavefront width; for a device function no function of this file
    calls, if it does any warp work at all (its callers are elsewhere and may see the width)."""
    if sees_wave_width(ctx, function):
        return True
    functions = _functions(ctx)
    own = functions.get(function.start_byte)
    if own is None:
        return False
    names, seen = {own.name}, {function.start_byte}
    first = True
    while names:
        callers = [
            f for f in functions.values() if f.kind != "host" and f.node.start_byte not in seen and f.calls(ctx) & names
        ]
        if first and not callers and own.kind == "device":
            return sees_wave_width(ctx, function, any_warp_work=True)
        first = False
        if any(sees_wave_width(ctx, caller.node) for caller in callers):
            return True
        seen.update(caller.node.start_byte for caller in callers)
        names = {caller.name for caller in callers}
    return False


def file_sees_wave_width(ctx: LintContext) -> bool:
    """True if any function of the file sees the wavefront width."""
    cache = _cache(ctx)
    if "file_sees_width" not in cache:
        cache["file_sees_width"] = any(sees_wave_width(ctx, f.node) for f in _functions(ctx).values())
    return cast("bool", cache["file_sees_width"])


def names_seen_by_wave_width_code(ctx: LintContext, names: set[str], header: bool) -> bool:
    """True if one of `names` is used in a unit that sees the wavefront width, or where its users
    cannot be seen: a file-scope declaration, or nowhere in a header (other files include it)."""
    used = False
    for node in ctx.nodes(frozenset({"identifier", "type_identifier"})):
        if ctx.text(node) not in names or defines_name(node):
            continue
        function = _function_of(node)
        if function is None:
            if _in_macro_or_condition(node) or _defining_one_of(node, names, ctx):
                continue
            return True  # a file-scope array sized by it, or the like: its users are not all here
        used = True
        if unit_sees_wave_width(ctx, function):
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
