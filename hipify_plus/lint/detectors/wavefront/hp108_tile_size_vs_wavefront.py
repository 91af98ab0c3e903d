"""HP108: Cooperative-groups tile size does not match the AMD wavefront."""

from __future__ import annotations

import re

from hipify_plus.amd.arch import target_arches, wave_size
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.wavefront._syntax import _STATEMENT_END, _function_of
from hipify_plus.lint.detectors.wavefront._warp_work import first_width_use
from hipify_plus.lint.registry import file_detector
from hipify_plus.literals import parse_int
from hipify_plus.parse import Node


# HP108
@file_detector(emits=("HP108",), names=("tiled_partition", "thread_block_tile"))
def tile_size_vs_wavefront(ctx: LintContext) -> None:
    if b"tiled_partition" not in ctx.data and b"thread_block_tile" not in ctx.data:
        return
    kinds = frozenset({"template_function", "template_type", "identifier", "type_identifier"})
    for node in ctx.nodes(kinds):
        _report_tile_size(node, ctx)


def _report_tile_size(node: Node, ctx: LintContext) -> None:
    if node.type in ("identifier", "type_identifier"):
        if node.end_byte - node.start_byte != 17 or ctx.text(node) != "thread_block_tile":
            return
        if node.parent is not None and node.parent.type == "template_type":
            return  # a well-formed template type: handled as a template_type node
        match = re.match(rb"\s*<\s*([^<>;]+?)\s*>", ctx.data[node.end_byte : node.end_byte + 40])
        if match is None:
            return
        size_text = match.group(1).decode()
        size = parse_int(size_text) if parse_int(size_text) is not None else ctx.constants.get(size_text)
        span = (node.start_byte, node.end_byte + match.end())
        name = "thread_block_tile"
    else:
        name_node = node.child_by_field_name("name")
        arguments = node.child_by_field_name("arguments")
        if name_node is None or arguments is None:
            return
        name = ctx.text(name_node)
        if name not in ("tiled_partition", "thread_block_tile"):
            return
        values = [a for a in arguments.named_children if a.type != "comment"]
        if len(values) != 1:
            return
        argument = values[0]
        if argument.type == "type_descriptor":
            argument = argument.named_children[0] if argument.named_children else argument
        size = ctx.int_value(argument)
        span = (node.start_byte, node.end_byte)
    if size is None or size < 32:
        return
    if name == "thread_block_tile" and "tiled_partition" in ctx.text(_statement_of(node)):
        return  # reported once, at the tiled_partition call
    rdna = [a for a in target_arches(ctx.settings.arches) if wave_size(a) == 32]
    if size > 64:
        ctx.report(
            "HP108",
            span,
            f"a {size}-thread tile is larger than any AMD wavefront: HIP's "
            "tiled_partition fails a static_assert on every target",
        )
    elif size == 64 and rdna:
        ctx.report(
            "HP108",
            span,
            f"a 64-thread tile does not compile for {', '.join(rdna)}: RDNA "
            "wavefronts have 32 lanes and HIP asserts the tile fits in one wavefront",
        )
    elif size == 32:
        function = _function_of(node)
        raw = first_width_use(ctx, function) if function is not None else ""
        if not raw:
            return  # only tile operations (and comments about shuffles): the tile is the unit
        ctx.report(
            "HP108",
            span,
            "a 32-thread tile is half a wavefront on CDNA: this function also "
            f"uses `{raw}`, which covers the whole 64-lane wavefront",
            severity="info",
        )


def _statement_of(node: Node) -> Node:
    parent = node
    while parent.parent is not None and parent.type not in _STATEMENT_END:
        parent = parent.parent
    return parent
