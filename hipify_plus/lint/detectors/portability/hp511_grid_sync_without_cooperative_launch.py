"""HP511: Kernel with a grid-wide sync launched as a normal kernel."""

from __future__ import annotations

import re

from hipify_plus.cuda.syntax import call_args, callee_name, descendants
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.portability._amd_branches import _excluded_on_amd
from hipify_plus.lint.detectors.portability._file import _is_hip_source, _raw
from hipify_plus.lint.registry import file_detector
from hipify_plus.parse import Node

COOPERATIVE_API = {"cuda": "cudaLaunchCooperativeKernel", "hip": "hipLaunchCooperativeKernel"}
RUNTIME_LAUNCHES = {"cudaLaunchKernel": COOPERATIVE_API["cuda"], "hipLaunchKernel": COOPERATIVE_API["hip"]}


THIS_GRID = re.compile(r"\bthis_grid\s*\(")
THIS_GRID_CALL = re.compile(r"(?:\w+::)*this_grid\s*\(\s*\)")


def _grid_syncs(kernel: Node, ctx: LintContext) -> list[Node]:
    """`grid.sync()` / `this_grid().sync()` / `cg::sync(grid)` calls in a kernel body."""
    grids: set[str] = set()
    calls: list[Node] = []
    for node in descendants(kernel):
        if node.type == "init_declarator":
            value = node.child_by_field_name("value")
            target = node.child_by_field_name("declarator")
            if value is not None and target is not None and THIS_GRID.search(ctx.text(value)):
                grids.add(ctx.text(target))
        elif node.type == "declaration":
            kind = node.child_by_field_name("type")
            if kind is not None and ctx.text(kind).endswith("grid_group"):
                for declarator in node.children_by_field_name("declarator"):
                    name = declarator.child_by_field_name("declarator") or declarator
                    grids.add(ctx.text(name))
        elif node.type == "call_expression":
            calls.append(node)
    found = []
    for call in calls:
        function = call.child_by_field_name("function")
        if function is None:
            continue
        if function.type == "field_expression":
            field = function.child_by_field_name("field")
            target = function.child_by_field_name("argument")
            if field is None or target is None or ctx.text(field) != "sync":
                continue
            text = ctx.text(target)
            if text in grids or THIS_GRID_CALL.fullmatch(text):
                found.append(call)
        elif ctx.text(function).split("::")[-1] == "sync":
            args = call_args(call)
            if args and ctx.text(args[0]) in grids:
                found.append(call)
    return found


def _cooperative_launch_fix(launch: Node, config: list[Node], ctx: LintContext) -> Edit | None:
    """`k<<<g, b, s, st>>>(x, y);` -> a cooperative launch of the same kernel and arguments."""
    statement = launch.parent
    args = call_args(launch)
    if statement is None or statement.type != "expression_statement" or len(config) < 2:
        return None
    if any(a.type != "identifier" for a in args):
        return None  # only named arguments have an address to pass
    api = COOPERATIVE_API["hip" if _is_hip_source(ctx.data) else "cuda"]
    callee = launch.child_by_field_name("function")
    if callee is None:
        return None
    function = ctx.text(callee)
    settings = [ctx.text(c) for c in config[:4]]
    grid, block, shared, stream = settings + ["0", "0"][: 4 - len(settings)]
    pointers = ", ".join(f"(void*)&{ctx.text(a)}" for a in args)
    arguments = "hp_args" if args else "nullptr"
    call = f"{api}((const void*){function}, {grid}, {block}, {arguments}, {shared}, {stream});"
    text = f"{{ void* hp_args[] = {{{pointers}}}; {call} }}" if args else call
    return Edit(statement.start_byte, statement.end_byte, text.encode())


# HP511
@file_detector(emits=("HP511",), names=("this_grid", "grid_group"))
def grid_sync_without_cooperative_launch(ctx: LintContext) -> None:
    if b"this_grid" not in ctx.data and b"grid_group" not in ctx.data:
        return
    syncing = {}
    for name, kernel in ctx.kernels.items():
        body = _raw(kernel.node, ctx)
        if b"this_grid" not in body and b"grid_group" not in body:
            continue
        syncs = _grid_syncs(kernel.node, ctx)
        if syncs:
            syncing[name] = syncs[0]
    for launch in ctx.launches:
        sync = syncing.get(launch.kernel)
        if sync is None or callee_name(launch.node) in COOPERATIVE_API.values():
            continue
        if _excluded_on_amd(launch.node, ctx):
            continue
        line = ctx.source.position(sync.start_byte)[0]
        callee = callee_name(launch.node)
        edit = None
        if callee in RUNTIME_LAUNCHES:  # same parameters as the cooperative launch
            function = launch.node.child_by_field_name("function")
            if function is not None:
                edit = Edit(function.start_byte, function.end_byte, RUNTIME_LAUNCHES[callee].encode())
        elif launch.chevrons:
            edit = _cooperative_launch_fix(launch.node, launch.config, ctx)
        fix = ctx.fix("HP511", "Launch cooperatively", [edit]) if edit is not None else None
        ctx.report(
            "HP511",
            launch.node,
            f"`{launch.kernel}` calls a grid-wide `sync()` (line "
            f"{line}) but is launched as a normal kernel: grid sync needs a cooperative "
            "launch (`hipLaunchCooperativeKernel`), otherwise it fails or hangs",
            fix,
        )
