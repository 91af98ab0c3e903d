"""The host side of a WMMA kernel's port (`_wmma_warps.py` has the kernel's): for each launch,
the `hipDeviceProp_t` whose `warpSize` sizes it, and the edit that gives each fragment one
wavefront: for warps numbered per block, a block of one wavefront per CUDA warp; for warps
numbered across the grid, the grid math that divided a block size by 32 dividing by the
device's wavefront size, with the block's x size whole wavefronts. What the tool cannot prove is
a blocker at the launch, saying what to change."""

from __future__ import annotations

import re

from hipify_plus.cuda.syntax import (
    callee_name,
    descendants,
    enclosing_function,
    execution_space,
    named,
    unparenthesized,
)
from hipify_plus.edits import Edit
from hipify_plus.lint.context import Launch, LintContext
from hipify_plus.lint.detectors.portability._wmma_warps import MAX_THREADS, KernelPort, _division_edit, _divisor, fold
from hipify_plus.parse import Node
from hipify_plus.rewrite.wmma import warp_size_divisor, wave64, wavefront_threads


def _unwrap_dim3(node: Node, ctx: LintContext) -> tuple[Node, list[Node]]:
    """`dim3(a, b)` -> (node, [a, b]); anything else -> (node, [node])."""
    node = unparenthesized(node)
    if node.type == "call_expression" and ctx.text(node.child_by_field_name("function") or node) == "dim3":
        return node, named(node.child_by_field_name("arguments"))
    return node, [node]


def _assigned_x(variable: str, host: Node, ctx: LintContext) -> list[Node]:
    """The expressions a dim3 variable's x gets in a function: `v.x = E;`, `dim3 v(E, ...)`."""
    found = []
    for node in descendants(host):
        if node.type == "assignment_expression":
            left = node.child_by_field_name("left")
            if left is not None and re.sub(r"\s", "", ctx.text(left)) == f"{variable}.x":
                value = node.child_by_field_name("right")
                if value is not None:
                    found.append(value)
        elif node.type == "init_declarator":
            name = node.child_by_field_name("declarator")
            value = node.child_by_field_name("value")
            if name is not None and ctx.text(name) == variable and value is not None:
                parts = (
                    named(value) if value.type in ("argument_list", "initializer_list") else _unwrap_dim3(value, ctx)[1]
                )
                if parts:
                    found.append(parts[0])
        elif node.type == "declaration":
            for declarator in node.children_by_field_name("declarator"):
                if declarator.type == "function_declarator":  # `dim3 v(E, F);` parses as a declarator
                    name = declarator.child_by_field_name("declarator")
                    parameters = named(declarator.child_by_field_name("parameters"))
                    if name is not None and ctx.text(name) == variable and parameters:
                        found.append(parameters[0])
    return found


def device_properties(host: Node, before: int, ctx: LintContext) -> str | None:
    """A `hipDeviceProp_t` the host function fills with hipGetDeviceProperties before `before`
    (or takes as a parameter): its name."""
    names = set()
    for node in descendants(host):
        if node.type in ("declaration", "parameter_declaration"):
            kind = node.child_by_field_name("type")
            if kind is None or ctx.text(kind) not in ("hipDeviceProp_t", "cudaDeviceProp"):
                continue
            for declarator in node.children_by_field_name("declarator"):
                current: Node | None = declarator
                while current is not None and current.type != "identifier":
                    current = current.child_by_field_name("declarator")
                if current is not None:
                    if node.type == "parameter_declaration":
                        return ctx.text(current)
                    names.add(ctx.text(declarator))
    for node in descendants(host):
        if (
            node.type == "call_expression"
            and node.start_byte < before
            and callee_name(node) in ("hipGetDeviceProperties", "cudaGetDeviceProperties")
        ):
            args = named(node.child_by_field_name("arguments"))
            target = re.sub(r"\s", "", ctx.text(args[0])) if args else ""
            if target.startswith("&") and target[1:] in names:
                return target[1:]
    return None


def plan_launch(port: KernelPort, launch: Launch, ctx: LintContext) -> None:
    """The host side of one launch of the kernel: edits, or blockers on the port."""
    host = enclosing_function(launch.node)
    line = ctx.source.position(launch.node.start_byte)[0]
    if host is None or execution_space(host) & {"__global__", "__device__"} or len(launch.config) < 2:
        port.block(launch.node, f"the launch at line {line} is not in host code the tool can follow", kind="launch")
        return
    properties = device_properties(host, launch.node.start_byte, ctx)
    if properties is None:
        port.block(
            launch.node,
            f"no `hipDeviceProp_t` filled by `hipGetDeviceProperties` before the launch at "
            f"line {line}: query the device's warp size (`hipDeviceGetAttribute(&ws, "
            "hipDeviceAttributeWarpSize, dev)`) and size the launch by it",
            kind="launch",
        )
        return
    block_node, block_parts = _unwrap_dim3(launch.config[1], ctx)
    arches = ctx.settings.arches
    if port.form == "local":
        if len(block_parts) != 1:
            port.block(block_node, f"the block of the launch at line {line} is not a plain thread count", kind="launch")
            return
        threads = fold(block_parts[0], ctx)
        if threads is None or threads % 32:
            port.block(
                block_node,
                f"the block of the launch at line {line} is not a constant number of whole "
                "32-thread warps, so the tool cannot give it one wavefront per warp",
                kind="launch",
            )
            return
        if wave64(arches) and threads * 2 > MAX_THREADS:
            port.block(
                block_node,
                f"{threads} threads would become {threads * 2} on 64-lane targets, over {MAX_THREADS}",
                kind="launch",
            )
            return
        bounds = next((c for c in port.function.children if c.type == "launch_bounds"), None)
        if bounds is not None:
            port.block(bounds, "`__launch_bounds__` would have to grow with the block", kind="launch")
            return
        text = ctx.text(block_parts[0])
        if re.fullmatch(r"[A-Za-z_]\w*", text) and re.search(rf"\b{text}\b", ctx.text(port.function)):
            port.block(block_parts[0], f"the kernel reads `{text}`, the block size the port changes", kind="launch")
            return
        port.edits.append(Edit(block_parts[0].start_byte, block_parts[0].end_byte, wavefront_threads(text, properties)))
        return
    _plan_grid(port, launch, host, properties, block_node, block_parts, line, ctx)


def _plan_grid(
    port: KernelPort,
    launch: Launch,
    host: Node,
    properties: str,
    block_node: Node,
    block_parts: list[Node],
    line: int,
    ctx: LintContext,
) -> None:
    block = block_parts[0]
    references = [re.escape(ctx.text(block).strip())]
    xs = [block]
    if len(block_parts) == 1 and block.type == "identifier" and fold(block, ctx) is None:
        name = ctx.text(block)
        xs = _assigned_x(name, host, ctx)
        references = [re.escape(f"{name}.x")]
    values = {fold(x, ctx) for x in xs}
    width = 64 if wave64(ctx.settings.arches) else 32
    if not xs or None in values or any(v % width for v in values if v is not None):
        port.block(
            block_node,
            f"the block of the launch at line {line} is not a known multiple of {width} threads "
            "in x, so its wavefronts and the kernel's warps would not line up",
            kind="launch",
        )
        return
    grid_node, grid_parts = _unwrap_dim3(launch.config[0], ctx)
    grid = grid_parts[0]
    expressions = [grid]
    if len(grid_parts) == 1 and grid.type == "identifier" and fold(grid, ctx) is None:
        expressions = _assigned_x(ctx.text(grid), host, ctx)
    sites = []
    for expression in expressions:
        for node in descendants(expression):
            if node.type == "binary_expression" and _divisor(node, ctx) == "32":
                left = node.child_by_field_name("left")
                if left is not None and any(re.search(r, re.sub(r"\s", "", ctx.text(left))) for r in references):
                    sites.append(node)
    if not sites:
        port.block(
            grid_node,
            f"the grid of the launch at line {line} is not computed from 32-thread warps in a "
            f"way the tool can rewrite: compute it from `{properties}.warpSize` threads per fragment",
            kind="launch",
        )
        return
    divisor = warp_size_divisor(properties)
    for node in sites:
        port.edits += _division_edit(node, divisor, ctx)
