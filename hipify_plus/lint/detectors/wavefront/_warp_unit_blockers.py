"""Why a warp-size unit still assumes 32 lanes once its sites are rewritten (the reason its
fixes are unsafe): literals and names its functions keep, helpers defined in another file,
per-warp arrays indexed by something else, file-scope arrays, CUB warp primitives, and the host
code that launches its kernel."""

from __future__ import annotations

import re
from typing import cast

from hipify_plus.cuda.syntax import call_args, callee_text, descendants
from hipify_plus.lint.context import Launch, LintContext
from hipify_plus.lint.detectors.wavefront._macros import SYNCWARP_MACRO, WARP_SIZE_MACRO
from hipify_plus.lint.detectors.wavefront._patterns import (
    _CUB_WARP,
    _NOT_HARDWARE_WIDTH,
    _WARP_COUNT_NAME,
    _WARP_SIZE_NAME,
    _WARPISH,
    LITERAL_5,
    LITERAL_31,
    LITERAL_32,
    SCAN_SHUFFLES,
    SYNC_INTRINSICS,
)
from hipify_plus.lint.detectors.wavefront._syntax import (
    _STATEMENT_END,
    _cache,
    _call_base,
    _function_of,
    _guarding_conditions,
    _line,
    _literal,
    _operator,
    _unparen,
    _up,
)
from hipify_plus.lint.detectors.wavefront._warp_unit_model import _Function, _loop_parts, _Site, _thread_indexish
from hipify_plus.literals import FULL_32BIT, parse_int
from hipify_plus.parse import Node


def _tainted_names(ctx: LintContext) -> dict[str, str]:
    """Macros and file-scope constants whose value spells a 32-lane assumption: name -> value."""
    cache = _cache(ctx)
    if "tainted" in cache:
        return cast("dict[str, str]", cache["tainted"])
    found: dict[str, str] = {}
    pattern = re.compile(rf"{LITERAL_32}|{LITERAL_31}|>>\s*{LITERAL_5}|<<\s*{LITERAL_5}")
    for node in ctx.nodes(frozenset({"preproc_def", "preproc_function_def", "declaration"})):
        if node.type == "declaration":
            if _function_of(node) is not None:
                continue
            for declarator in node.children_by_field_name("declarator"):
                if declarator.type != "init_declarator":
                    continue
                name, value = declarator.child_by_field_name("declarator"), declarator.child_by_field_name("value")
                if name is not None and value is not None and name.type == "identifier":
                    text = ctx.text(value)
                    if pattern.search(text) or _WARP_SIZE_NAME.search(text):
                        found[ctx.text(name)] = text
            continue
        name, value = node.child_by_field_name("name"), node.child_by_field_name("value")
        if name is None or value is None or ctx.text(name) in (WARP_SIZE_MACRO, SYNCWARP_MACRO):
            continue
        text = ctx.text(value)
        if pattern.search(text) or (_WARP_SIZE_NAME.search(text) and WARP_SIZE_MACRO not in text):
            found[ctx.text(name)] = text
    cache["tainted"] = found
    return found


def _function_blocker(
    function: _Function, ctx: LintContext, consumed: set[int], defined: set[str], site_parts: set[int]
) -> str:
    """Why this function still assumes 32 lanes once its fixable sites are rewritten ("" if not).
    `site_parts` are the parts every site would rewrite; those not in `consumed` (rule not
    selected, finding suppressed) stay as they are."""
    body = function.node.child_by_field_name("body")
    if body is None:
        return ""
    tainted = _tainted_names(ctx)
    arrays: dict[str, Node] = {}
    locals_: dict[str, Node] = {}
    for node in descendants(body):
        kind = node.type
        reason = ""
        if kind == "init_declarator":
            declared, initial = node.child_by_field_name("declarator"), node.child_by_field_name("value")
            if declared is not None and initial is not None and declared.type == "identifier":
                locals_[ctx.text(declared)] = initial
        elif kind == "number_literal" and node.start_byte not in consumed:
            value = parse_int(ctx.text(node))
            parent = node.parent
            if value in (31, 32):
                array = _sized_array(node)
                if array is not None:
                    arrays.setdefault(ctx.text(array), node)
                    continue
                reason = f"`{ctx.text(parent or node)}`"
            elif (
                value == 5
                and parent is not None
                and _operator(parent, ctx) in ("<<", ">>", "<<=", ">>=")
                and parent.child_by_field_name("right") == node
            ):
                reason = f"`{ctx.text(parent)}`"
            elif value == 16 and _half_warp_use(node, function, ctx):
                reason = f"`{ctx.text(parent or node)}`"
        kept = node.start_byte in site_parts and node.start_byte not in consumed
        if kept and kind in ("number_literal", "identifier"):
            reason = f"`{ctx.text(node.parent or node)}`, which is not rewritten here,"
        elif kind == "identifier":
            name = ctx.text(node)
            if name in ("warpSize", WARP_SIZE_MACRO) or (name in locals_ and not _WARP_COUNT_NAME.search(name)):
                continue
            if _WARP_SIZE_NAME.search(name) and not _NOT_HARDWARE_WIDTH.search(name):
                reason = f"`{name}`"
            elif name in tainted:
                reason = f"`{name}` (`{tainted[name].strip()}`)"
            elif _WARP_COUNT_NAME.search(name) and not _local_from_fixed(locals_.get(name), consumed):
                reason = f"`{name}`"
        elif kind == "call_expression":
            name = _call_base(node, ctx)
            if (
                name
                and name not in defined
                and not name.startswith("__")
                and _WARPISH.search(name)
                and not name.startswith(("tiled_partition", "this_"))
                and not ctx.inactive_on_amd(node)
            ):
                return f"`{name}()` on line {_line(ctx, node)} is defined in another file and may assume 32 lanes"
            elif name in SYNC_INTRINSICS:
                args = call_args(node)
                mask = _literal(args[0], ctx) if args else None
                if mask is not None and mask not in (FULL_32BIT, 2**64 - 1):
                    reason = f"the partial mask `{ctx.text(args[0])}`"
        if reason and not ctx.inactive_on_amd(node):
            return f"{reason} on line {_line(ctx, node)} also assumes 32 lanes"
    if arrays:
        warp_ids = _warp_id_vars(function, ctx, consumed)
        for node in descendants(body):
            if node.type != "subscript_expression":
                continue
            array = node.child_by_field_name("argument")
            if array is None or ctx.text(array) not in arrays:
                continue
            indices = node.child_by_field_name("indices")
            index = _unparen(indices.named_children[0]) if indices and indices.named_children else None
            if index is None or not (
                _warp_id_index(index, ctx, consumed, warp_ids) or _guarded_by_warp_count(node, index, ctx, consumed)
            ):
                return (
                    f"`{ctx.text(node)}` on line {_line(ctx, node)} indexes an array sized for 32-lane "
                    "warps with something other than a warp index"
                )
    return ""


def _sized_array(node: Node) -> Node | None:
    """The array whose bound contains this literal, if it does."""
    child, parent = node, node.parent
    while parent is not None and parent.type not in _STATEMENT_END:
        if parent.type == "array_declarator" and child == parent.child_by_field_name("size"):
            name = parent.child_by_field_name("declarator")
            while name is not None and name.type == "array_declarator":
                name = name.child_by_field_name("declarator")
            return name if name is not None and name.type == "identifier" else None
        child, parent = parent, parent.parent
    return None


def _half_warp_use(node: Node, function: _Function, ctx: LintContext) -> bool:
    """A literal 16 as a shuffle offset or compared with a lane index (half a 32-lane warp)."""
    parent = _up(node)
    if parent is None:
        return False
    call = parent.parent if parent.type == "argument_list" else None
    if call is not None and call.type == "call_expression":
        return callee_text(call) in SCAN_SHUFFLES
    if parent.type == "binary_expression" and _operator(parent, ctx) in ("<", "<=", ">", ">=", "==", "!="):
        other = parent.child_by_field_name("left")
        if other is not None and _unparen(other) == node:
            other = parent.child_by_field_name("right")
        return other is not None and _thread_indexish(other, function, ctx)
    return False


def _local_from_fixed(value: Node | None, consumed: set[int]) -> bool:
    """True if a local's initialiser is rewritten by the set (or already uses warpSize)."""
    if value is None:
        return False
    return b"warpSize" in (value.text or b"") or any(n.start_byte in consumed for n in descendants(value))


def _warp_id_index(index: Node, ctx: LintContext, consumed: set[int], warp_ids: set[str]) -> bool:
    if index.type == "identifier":
        return ctx.text(index) in warp_ids
    if index.type == "binary_expression":
        right = index.child_by_field_name("right")
        return (
            _operator(index, ctx) in ("/", ">>")
            and right is not None
            and (right.start_byte in consumed or ctx.text(right) == "warpSize")
        )
    return False


def _guarded_by_warp_count(access: Node, index: Node, ctx: LintContext, consumed: set[int]) -> bool:
    """True if `a[i]` runs only where `i < <a warp count being rewritten>` (`i < blockDim.x / 32`),
    so after the rewrite `i` stays below the number of warps the array was sized for."""
    if index.type != "identifier":
        return False
    name = ctx.text(index)
    for condition in _guarding_conditions(access):
        for node in descendants(condition):
            if node.type == "binary_expression" and _operator(node, ctx) in ("<", "<="):
                left = _unparen(node.child_by_field_name("left"))
                bound = node.child_by_field_name("right")
                if left is not None and ctx.text(left) == name and _local_from_fixed(bound, consumed):
                    return True
    return False


def _warp_id_vars(function: _Function, ctx: LintContext, consumed: set[int]) -> set[str]:
    """Locals holding a warp index (`w = tid / 32` being fixed, or `/ warpSize`) and loop
    variables bounded by a warp count being fixed (`for (w = 0; w < blockDim.x / 32; ...)`)."""
    found: set[str] = set()
    body = function.node.child_by_field_name("body")
    if body is None:
        return found
    for node in descendants(body):
        if node.type == "init_declarator":
            name, value = node.child_by_field_name("declarator"), _unparen(node.child_by_field_name("value"))
            if (
                name is not None
                and value is not None
                and value.type == "binary_expression"
                and _warp_id_index(value, ctx, consumed, set())
            ):
                found.add(ctx.text(name))
        elif node.type == "for_statement":
            parts = _loop_parts(node)
            if parts is None:
                continue
            variable, start, condition, _ = parts
            bound = condition.child_by_field_name("right") if condition.type == "binary_expression" else None
            if bound is not None and ctx.int_value(start) == 0 and _local_from_fixed(bound, consumed):
                found.add(ctx.text(variable))
    return found


def _file_scope_warp_array(ctx: LintContext) -> str:
    """A file-scope __shared__/__device__ array sized with 32: its users are not all visible."""
    tainted = _tainted_names(ctx)
    for node in ctx.tree.root_node.named_children:
        if node.type != "declaration":
            continue
        for inner in descendants(node):
            if inner.type == "array_declarator":
                size = inner.child_by_field_name("size")
                text = ctx.text(size) if size is not None else ""
                named = any(re.search(rf"\b{re.escape(t)}\b", text) for t in tainted)
                if named or re.search(r"\b(31|32)\b", text):
                    return f"the file-scope array `{ctx.text(inner)}` on line {_line(ctx, inner)} assumes 32 lanes"
    return ""


def _launch_blocker(ctx: LintContext, launcher: Node, launch: Launch, sites: dict[tuple[str, int, int], _Site]) -> str:
    """Why the host code that launches a kernel still assumes 32 lanes ("" if it does not): the
    launch expression and the locals it is computed from, followed back through the launcher."""
    body = launcher.child_by_field_name("body")
    definitions: dict[str, list[Node]] = {}
    for node in descendants(body) if body is not None else ():
        if node.type == "init_declarator":
            target, value = node.child_by_field_name("declarator"), node.child_by_field_name("value")
        elif node.type == "assignment_expression":
            target, value = node.child_by_field_name("left"), node.child_by_field_name("right")
        else:
            continue
        if target is not None and value is not None and target.type == "identifier":
            definitions.setdefault(ctx.text(target), []).append(value)
    function = launch.node.child_by_field_name("function")
    parts = [c for c in launch.node.children if c != function]
    seen: set[str] = set()
    tainted = _tainted_names(ctx)
    host_sites = {(s.node.start_byte, s.node.end_byte): s for s in sites.values() if s.rule == "HP110"}
    while parts:
        part = parts.pop()
        for node in descendants(part):
            if (node.start_byte, node.end_byte) in host_sites:
                return (
                    f"the launch of `{launch.kernel}` is sized by `{ctx.text(node)}` on line "
                    f"{_line(ctx, node)}, which counts 32-thread warps"
                )
            if node.type == "number_literal" and parse_int(ctx.text(node)) in (31, 32):
                return (
                    f"the launch of `{launch.kernel}` uses `{ctx.text(part)}` on line "
                    f"{_line(ctx, node)}, which assumes 32-lane warps"
                )
            if node.type != "identifier":
                continue
            name = ctx.text(node)
            if _WARP_SIZE_NAME.search(name) or _WARP_COUNT_NAME.search(name) or name in tainted:
                return (
                    f"the launch of `{launch.kernel}` uses `{name}` on line {_line(ctx, node)}, "
                    "which assumes 32-lane warps"
                )
            if name not in seen:
                seen.add(name)
                parts.extend(definitions.get(name, ()))
    if launch.threads is None or launch.threads % 64:
        # A block that does not fill its last 64-lane wavefront leaves lanes inactive, and a
        # reduction over the whole wavefront would read them.
        size = "a run-time value" if launch.threads is None else str(launch.threads)
        return (
            f"the block size of the launch of `{launch.kernel}` on line {_line(ctx, launch.node)} "
            f"is {size}, not a known multiple of 64"
        )
    return ""


def _launches(ctx: LintContext) -> list[Launch]:
    """The file's launch sites. Without them every kernel counts as launched elsewhere (unsafe)."""
    try:
        return ctx.launches
    except RecursionError:  # LintContext folds `dim3 a = b;` by recursing into its own cache
        return []


def _unit_reasons(
    ctx: LintContext, functions: dict[int, _Function], sites: dict[tuple[str, int, int], _Site], consumed: set[int]
) -> dict[int, str]:
    """For each device function: "" if its warp-size fixes are safe, else why not."""
    by_name: dict[str, list[_Function]] = {}
    for function in functions.values():
        by_name.setdefault(function.name, []).append(function)
    defined = set(by_name)
    file_reason = ""
    if _CUB_WARP.search(ctx.data.decode("utf-8", "replace")):
        file_reason = "CUB/hipCUB warp primitives in this file keep their own width"
    file_reason = file_reason or _file_scope_warp_array(ctx)
    blockers: dict[int, str] = {}
    site_parts = {part for site in sites.values() for part in site.consumed}

    def blocker(function: _Function) -> str:
        if function.node.start_byte not in blockers:
            blockers[function.node.start_byte] = _function_blocker(function, ctx, consumed, defined, site_parts)
        return blockers[function.node.start_byte]

    launchers: dict[str, list[tuple[Node, Launch]]] = {}
    for launch in _launches(ctx):
        owner = _function_of(launch.node)
        if owner is not None:
            launchers.setdefault(launch.kernel, []).append((owner, launch))
    reasons: dict[int, str] = {}
    members_of: dict[int, list[_Function]] = {}
    for kernel in (f for f in functions.values() if f.kind == "kernel"):
        members: list[_Function] = []
        pending = [kernel]
        while pending:
            current = pending.pop()
            if any(m.node == current.node for m in members):
                continue
            members.append(current)
            for callee in current.calls(ctx):
                pending.extend(f for f in by_name.get(callee, ()) if f.kind != "host")
        reason = file_reason
        if not reason and kernel.name not in launchers:
            reason = f"`{kernel.name}` is not launched in this file, so its launch configuration is not visible"
        for member in members:
            reason = reason or blocker(member)
        for owner, launch in launchers.get(kernel.name, ()):
            reason = reason or _launch_blocker(ctx, owner, launch, sites)
        for member in members:
            members_of.setdefault(member.node.start_byte, []).append(kernel)
            previous = reasons.get(member.node.start_byte, "")
            reasons[member.node.start_byte] = previous or reason
    for function in functions.values():
        if function.kind != "host" and function.node.start_byte not in members_of:
            reasons[function.node.start_byte] = (
                f"no kernel in this file calls `{function.name}`, so its callers are not visible"
            )
    return reasons
