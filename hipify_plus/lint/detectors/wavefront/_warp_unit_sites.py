"""The sites of the warp-size unit, one recognizer per rule: `_lane_index_site` (HP102),
`_warp_count_site` (HP110) here and `_reduction_site` (HP105) in `_warp_reduction_sites`. They
sit together rather than in the rule modules because `_warp_units._warp_set` needs all of them for
every file: whether one rule's fix is safe depends on the sites of the other two."""

from __future__ import annotations

import re
from typing import cast

from hipify_plus.cuda.syntax import descendants
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.wavefront._masks import _into_memory_word
from hipify_plus.lint.detectors.wavefront._patterns import _WARP_COUNT_NAME
from hipify_plus.lint.detectors.wavefront._syntax import (
    _assigned_name,
    _cache,
    _constant_context,
    _function_kind,
    _function_of,
    _guarding_conditions,
    _literal,
    _op_literal,
    _operator,
    _parenthesized,
    _unparen,
    _up,
)
from hipify_plus.lint.detectors.wavefront._warp_unit_model import (
    _countish,
    _Function,
    _in_shared_array_size,
    _logical_32_warps,
    _Site,
    _sizes_memory_only,
    _thread_indexish,
)
from hipify_plus.lint.detectors.wavefront._warp_work import file_sees_wave_width, unit_sees_wave_width
from hipify_plus.parse import Node


def _bitset_operands(function: Node, ctx: LintContext) -> set[str]:
    """Left operands of `x % 32` / `x & 31` whose bit `1u << (x % 32)` is written into a memory
    word (`atomicOr(&bits[x / 32], ...)`, `bits[x / 32] |= ...`): a bitmap, not lanes."""
    cache: dict[int, set[str]] = _cache(ctx).setdefault("bitset", {})
    if function.start_byte in cache:
        return cache[function.start_byte]
    found: set[str] = set()
    body = function.child_by_field_name("body")
    for node in descendants(body) if body is not None else ():
        if node.type != "binary_expression" or _operator(node, ctx) != "<<":
            continue
        amount = _unparen(node.child_by_field_name("right"))
        if amount is None or amount.type != "binary_expression":
            continue
        if _op_literal(amount, ctx) not in (("%", 32), ("&", 31)):
            continue
        into_word = _into_memory_word(node, ctx)
        operand = amount.child_by_field_name("left")
        if into_word and operand is not None:
            found.add(ctx.text(operand).replace(" ", ""))
    cache[function.start_byte] = found
    return found


def _lane_index_site(node: Node, ctx: LintContext, functions: dict[int, _Function]) -> _Site | None:
    """HP102: `tid & 31`, `tid % 32`, `tid / 32`, `tid >> 5` on a thread's lane or warp index."""
    operator = _operator(node, ctx)
    right = node.child_by_field_name("right")
    value = _literal(right, ctx)
    if (operator, value) not in (("&", 31), ("%", 32), ("/", 32), (">>", 5)):
        return None
    function_node = _function_of(node)
    if function_node is None:
        return None
    function = functions.get(function_node.start_byte)
    if function is None or function.kind == "host":
        return None
    left = node.child_by_field_name("left")
    if left is None or not _thread_indexish(left, function, ctx):
        return None
    body_text = ctx.text(function_node)
    if not unit_sees_wave_width(ctx, function_node):
        return None  # 32-thread groups that nothing in the unit tells from a wavefront: the same on AMD
    if _logical_32_warps(body_text):
        return None
    if ctx.text(left).replace(" ", "") in _bitset_operands(function_node, ctx):
        return None
    if ctx.inactive_on_amd(node):
        return None
    text = ctx.text(node)
    assert right is not None
    if operator == "&":
        replacement, edits = "& (warpSize - 1)", [Edit(right.start_byte, right.end_byte, b"(warpSize - 1)")]
        what = "a lane index"
    elif operator == "%":
        replacement, edits = "% warpSize", [Edit(right.start_byte, right.end_byte, b"warpSize")]
        what = "a lane index"
    else:
        replacement = "/ warpSize"
        what = "a warp index"
        if operator == "/":
            edits = [Edit(right.start_byte, right.end_byte, b"warpSize")]
        else:
            op_node = node.child_by_field_name("operator")
            assert op_node is not None
            edits = [*_parenthesized(left, ctx), Edit(op_node.start_byte, right.end_byte, b"/ warpSize")]
    consequence = (
        "lanes 32-63 get the numbers of lanes 0-31"
        if what == "a lane index"
        else "each wavefront gets two warp numbers"
    )
    message = (
        f"`{text}` computes {what} for 32-lane warps: a wavefront has 64 lanes on CDNA "
        f"(MI100/MI200/MI300), so {consequence}"
    )
    return _Site("HP102", node, node, function_node, message, f"Use `{replacement}`", edits, (right.start_byte,))


def _warp_count_site(node: Node, ctx: LintContext, functions: dict[int, _Function]) -> _Site | None:
    """HP110: a number of warps computed as `threads / 32` (or `>> 5`, `(n + 31) / 32`)."""
    operator = _operator(node, ctx)
    right = node.child_by_field_name("right")
    value = _literal(right, ctx)
    if (operator, value) not in (("/", 32), (">>", 5)):
        return None
    left = node.child_by_field_name("left")
    if left is None or right is None:
        return None
    function_node = _function_of(node)
    function = functions.get(function_node.start_byte) if function_node is not None else None
    if _thread_indexish(left, function, ctx):
        return None  # a thread's warp index: HP102
    assigned = _assigned_name(node, ctx)
    shared_size = _in_shared_array_size(node)
    if function_node is not None and _logical_32_warps(ctx.text(function_node)):
        return None
    if not (_countish(left, ctx) or _WARP_COUNT_NAME.search(assigned) or shared_size):
        return None
    if ctx.inactive_on_amd(node):
        return None
    kind = _function_kind(function_node, ctx) if function_node is not None else "host"
    if kind == "host":
        if _sizes_memory_only(node, ctx) or not _launched_code_sees_width(node, function_node, ctx, functions):
            return None  # memory that only over-allocates on AMD, or launches of 32-thread groups
    elif function_node is not None and not unit_sees_wave_width(ctx, function_node):
        return None  # nothing in the unit sees the wavefront width: 32 is a group size
    text = ctx.text(node)
    rounded = _unparen(left)
    round_up = None
    if (
        operator == "/"
        and rounded is not None
        and rounded.type == "binary_expression"
        and _operator(rounded, ctx) == "+"
        and _literal(rounded.child_by_field_name("right"), ctx) == 31
    ):
        round_up = _unparen(rounded.child_by_field_name("right"))
    if kind == "host":
        message = (
            f"`{text}` counts 32-thread warps in host code: a wavefront has 64 threads on CDNA "
            "and 32 on RDNA; query hipDeviceAttributeWarpSize for the device"
        )
        return _Site("HP110", node, node, function_node, message)
    if shared_size or _constant_context(node, ctx):
        message = (
            f"`{text}` sizes per-warp storage for 32-thread warps: with 64-lane wavefronts "
            "half of it is unused, and it must change together with the warp index math"
        )
        return _Site("HP110", node, node, function_node, message, storage=shared_size)
    edits = [Edit(right.start_byte, right.end_byte, b"warpSize")]
    consumed = [right.start_byte]
    if operator == ">>":
        op_node = node.child_by_field_name("operator")
        assert op_node is not None
        edits = [*_parenthesized(left, ctx), Edit(op_node.start_byte, right.end_byte, b"/ warpSize")]
    if round_up is not None:
        edits.insert(0, Edit(round_up.start_byte, round_up.end_byte, b"warpSize - 1"))
        consumed.append(round_up.start_byte)
    message = f"`{text}` counts 32-thread warps per block: a block of 256 threads has 4 wavefronts on CDNA, not 8"
    return _Site("HP110", node, node, function_node, message, "Count warps with `warpSize`", edits, tuple(consumed))


def _per_warp_arrays(ctx: LintContext) -> dict[str, str]:
    """`__shared__` arrays of one entry per 32-thread warp of a block: `[32]`, `[WARP_SIZE]`,
    `[BLOCK / 32]`, `[BLOCK / warpSize]`; name -> its size as written."""
    cache = _cache(ctx)
    if "per_warp_arrays" not in cache:
        found: dict[str, str] = {}
        for declaration in ctx.nodes(frozenset({"declaration"})):
            if not any(c.type == "type_qualifier" and c.text == b"__shared__" for c in declaration.children):
                continue
            for declarator in declaration.children_by_field_name("declarator"):
                if declarator.type != "array_declarator":
                    continue
                name, size = declarator.child_by_field_name("declarator"), declarator.child_by_field_name("size")
                if name is None or name.type != "identifier" or size is None:
                    continue
                text = ctx.text(size).replace(" ", "")
                if ctx.int_value(size) == 32 or re.search(r"/(32|warpSize|\w*WARP\w*)$", text, re.IGNORECASE):
                    found[ctx.text(name)] = ctx.text(size)
        cache["per_warp_arrays"] = found
    return cast("dict[str, str]", cache["per_warp_arrays"])


_HARDWARE_LANE = re.compile(r"%\s*warpSize$|&\s*\(\s*warpSize\s*-\s*1\s*\)$|^__lane_id\(\)$")


def _lane_read_site(node: Node, ctx: LintContext) -> _Site | None:
    """HP110: per-warp partial sums read back as `partial[lane]` with a lane index of the
    hardware wavefront and no bound: one entry per 32-thread warp holds 32 values, a 64-lane
    wavefront reads entries 32-63 past the array, and entries no wavefront wrote."""
    array = node.child_by_field_name("argument")
    indices = node.child_by_field_name("indices")
    index = _unparen(indices.named_children[0]) if indices is not None and indices.named_children else None
    if array is None or index is None or ctx.text(array) not in _per_warp_arrays(ctx):
        return None
    parent = _up(node)
    if parent is not None and parent.type == "assignment_expression" and parent.child_by_field_name("left") == node:
        return None  # the write of a warp's partial sum
    function_node = _function_of(node)
    if function_node is None or not _hardware_lane(index, function_node, ctx) or _bounded(node, index, ctx):
        return None
    if ctx.inactive_on_amd(node):
        return None
    size = _per_warp_arrays(ctx)[ctx.text(array)]
    message = (
        f"`{ctx.text(node)}` reads per-warp values with a lane index: `{ctx.text(array)}` holds `{size}` "
        "entries, one per 32-thread warp, but a 64-lane wavefront reads entries 32-63, past them and "
        "past what any wavefront wrote; read only lanes below the number of wavefronts "
        "(`blockDim.x / warpSize`)"
    )
    return _Site("HP110", node, node, function_node, message)


def _hardware_lane(index: Node, function: Node, ctx: LintContext) -> bool:
    """A lane number of the hardware wavefront: `threadIdx.x % warpSize`, `& (warpSize - 1)`,
    `__lane_id()`, or a local initialised from one."""
    text = ctx.text(index).replace("\n", " ")
    if _HARDWARE_LANE.search(text):
        return True
    if index.type != "identifier":
        return False
    name = ctx.text(index)
    body = function.child_by_field_name("body")
    for node in descendants(body) if body is not None else ():
        if node.type == "init_declarator":
            target, value = node.child_by_field_name("declarator"), node.child_by_field_name("value")
            if target is not None and ctx.text(target) == name and value is not None:
                return bool(_HARDWARE_LANE.search(ctx.text(_unparen(value) or value).replace("\n", " ")))
    return False


_WAVE_WIDTHS = frozenset({"warpSize", "__AMDGCN_WAVEFRONT_SIZE", "HP_WARP_SIZE"})


def _bounded(access: Node, index: Node, ctx: LintContext) -> bool:
    """Inside a condition that keeps the index or the thread below something other than the
    wavefront width (`lane < nwarps ? a[lane] : 0`, `if (threadIdx.x < blockDim.x / warpSize)`;
    not `if (threadIdx.x < warpSize)`)."""
    names = {ctx.text(index), "threadIdx"}
    for condition in _guarding_conditions(access):
        for node in descendants(condition):
            operator = _operator(node, ctx) if node.type == "binary_expression" else ""
            if operator not in ("<", "<=", ">", ">="):
                continue
            small, large = node.child_by_field_name("left"), node.child_by_field_name("right")
            if operator in (">", ">="):
                small, large = large, small
            if small is None or large is None or not any(name in ctx.text(small) for name in names):
                continue
            value = ctx.int_value(large)
            if ctx.text(_unparen(large) or large) not in _WAVE_WIDTHS and (value is None or value < 64):
                return True
    return False


def _launched_code_sees_width(node: Node, host: Node | None, ctx: LintContext, functions: dict[int, _Function]) -> bool:
    """For a count in host code: whether the kernels whose launches in the same function it sizes
    (directly, or through the variable it initialises, `dim3 block = {4, 8, threads / 32}`) see
    the wavefront width; the whole file decides when no such launch is found."""
    statement = node
    while statement.parent is not None and statement.type not in ("declaration", "expression_statement"):
        statement = statement.parent
    names: set[str] = set()
    if statement.type == "declaration":
        for declarator in statement.children_by_field_name("declarator"):
            target = declarator.child_by_field_name("declarator") if declarator.type == "init_declarator" else None
            if target is not None and target.type == "identifier" and target.start_byte <= node.start_byte:
                names.add(ctx.text(target))
    elif statement.type == "expression_statement":
        assignment = next((c for c in statement.named_children if c.type == "assignment_expression"), None)
        target = assignment.child_by_field_name("left") if assignment is not None else None
        while target is not None and target.type == "field_expression":  # `grid.x = ...`
            target = target.child_by_field_name("argument")
        if target is not None and target.type == "identifier":
            names.add(ctx.text(target))
    kernels = {f.name: f.node for f in functions.values() if f.kind == "kernel"}
    launched: list[Node] = []
    for launch in ctx.launches:
        if host is None or _function_of(launch.node) != host or launch.kernel not in kernels:
            continue
        config = [part for part in launch.config]
        inside = any(part.start_byte <= node.start_byte and node.end_byte <= part.end_byte for part in config)
        uses = any(n.type == "identifier" and ctx.text(n) in names for part in config for n in descendants(part))
        if inside or uses:
            launched.append(kernels[launch.kernel])
    if not launched:
        return file_sees_wave_width(ctx)
    return any(unit_sees_wave_width(ctx, kernel) for kernel in launched)
