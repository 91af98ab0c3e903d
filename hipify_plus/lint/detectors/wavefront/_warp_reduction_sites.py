"""The HP105 sites of the warp-size unit: shuffle loops whose offsets start at 16 or stop below 32
(`_reduction_site`) and the same reductions written out one shuffle per offset
(`_unrolled_reduction_sites`). `_warp_units._warp_set` collects them with the HP102 and HP110
sites of `_warp_unit_sites`."""

from __future__ import annotations

from hipify_plus.cuda.syntax import call_args, callee_text, descendants
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.wavefront._patterns import SCAN_SHUFFLES, SHUFFLES
from hipify_plus.lint.detectors.wavefront._syntax import _function_of, _literal, _operator
from hipify_plus.lint.detectors.wavefront._warp_unit_model import _loop_parts, _Site
from hipify_plus.lint.detectors.wavefront._warp_work import unit_sees_wave_width
from hipify_plus.parse import Node


def _has_width_argument(body: Node, names: frozenset[str], ctx: LintContext) -> bool:
    """True if a shuffle passes an explicit width other than warpSize (a logical sub-warp)."""
    for node in descendants(body):
        if node.type != "call_expression":
            continue
        name = callee_text(node)
        if name in names:
            args = call_args(node)
            width_at = 3 if name.endswith("_sync") else 2
            if len(args) > width_at and "warpSize" not in ctx.text(args[width_at]):
                return True
    return False


def _reduction_site(node: Node, ctx: LintContext) -> _Site | None:
    """HP105: a shuffle loop whose offsets are fixed for 32 lanes: 16, 8, 4, 2, 1 or 1 ... 16."""
    parts = _loop_parts(node)
    body = node.child_by_field_name("body")
    if parts is None or body is None:
        return None
    variable, start, condition, update = parts
    name = ctx.text(variable)
    step = ctx.text(update).replace(" ", "")
    body_text = ctx.text(body)
    if name not in body_text:
        return None
    halving = step in (f"{name}>>=1", f"{name}/=2", f"{name}={name}/2", f"{name}={name}>>1")
    doubling = step in (f"{name}<<=1", f"{name}*=2", f"{name}={name}*2", f"{name}={name}<<1", f"{name}+={name}")
    if halving and ctx.int_value(start) == 16:
        shuffles = SHUFFLES
        target, replacement = start, "warpSize / 2"
        message = (
            "warp reduction starts at offset 16: on a 64-lane wavefront it reduces each half "
            "separately and lane 0 gets the sum of lanes 0-31 only"
        )
        title = "Start the reduction at `warpSize / 2`"
    elif doubling and ctx.int_value(start) == 1 and condition.type == "binary_expression":
        bound = condition.child_by_field_name("right")
        op = _operator(condition, ctx)
        value = ctx.int_value(bound)
        if bound is None or (op, value) not in (("<", 32), ("<=", 16)):
            return None
        shuffles = SCAN_SHUFFLES
        target = bound
        replacement = "warpSize" if op == "<" else "warpSize / 2"
        message = (
            f"shuffle loop stops at offset {value}: it combines only 32 lanes, so on a 64-lane "
            "wavefront each half is scanned or reduced separately"
        )
        title = f"Bound the loop by `{replacement}`"
    else:
        return None
    if not any(shuffle + "(" in body_text for shuffle in shuffles):
        return None
    if _has_width_argument(body, shuffles, ctx) or ctx.inactive_on_amd(node):
        return None
    function = _function_of(node)
    if function is not None and not unit_sees_wave_width(ctx, function):
        return None  # a reduction of each group of 32 lanes, in code that numbers groups of 32
    return _Site(
        "HP105",
        target,
        node,
        function,
        message,
        title,
        [Edit(target.start_byte, target.end_byte, replacement.encode())],
        (target.start_byte,),
    )


_RELATIVE_SHUFFLES = frozenset(
    {"__shfl_xor_sync", "__shfl_down_sync", "__shfl_up_sync", "__shfl_xor", "__shfl_down", "__shfl_up"}
)
_BUTTERFLY = (16, 8, 4, 2, 1)


def _unrolled_reduction_sites(ctx: LintContext) -> list[_Site]:
    """HP105 written out: `v += __shfl_xor_sync(m, v, 16); ... (m, v, 8) ... (m, v, 1)`, shuffles
    with the offsets 16, 8, 4, 2, 1 (either order) in one block and no 32 step; one site per
    block and shuffle (`a.x` and `a.y` reduced side by side are one butterfly)."""
    if b"__shfl" not in ctx.data:
        return []
    chains: dict[tuple[int, str], list[tuple[int, Node, Node]]] = {}
    for call in ctx.nodes(frozenset({"call_expression"})):
        name = callee_text(call)
        if name not in _RELATIVE_SHUFFLES:
            continue
        args = call_args(call)
        at = 1 if not name.endswith("_sync") else 2
        if len(args) <= at or len(args) > at + 2:
            continue
        if len(args) == at + 2 and "warpSize" not in ctx.text(args[at + 1]):
            continue  # an explicit logical width
        offset = _literal(args[at], ctx)
        block = call.parent
        while block is not None and block.type not in ("compound_statement", "function_definition"):
            block = block.parent
        if offset is None or block is None or block.type != "compound_statement":
            continue
        chains.setdefault((block.start_byte, name.removesuffix("_sync")), []).append((offset, call, args[at]))
    sites = []
    for chain in chains.values():
        offsets = [offset for offset, _, _ in chain]
        if 32 in offsets or not set(_BUTTERFLY) <= set(offsets):
            continue
        ordered = [o for i, o in enumerate(offsets) if o in _BUTTERFLY and (i == 0 or offsets[i - 1] != o)]
        if ordered not in (list(_BUTTERFLY), list(reversed(_BUTTERFLY))):
            continue
        first = next((item for item in chain if item[0] == 16), None)
        if first is None or ctx.inactive_on_amd(first[1]):
            continue
        function = _function_of(first[1])
        if function is not None and not unit_sees_wave_width(ctx, function):
            continue
        _, call, argument = first
        message = (
            "shuffles with the offsets 16, 8, 4, 2, 1 written out combine only 32 lanes: on a 64-lane "
            "wavefront each half is reduced or scanned separately (loop from `warpSize / 2` instead)"
        )
        sites.append(_Site("HP105", argument, call, _function_of(call), message))
    return sites
