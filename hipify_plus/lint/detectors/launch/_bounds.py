"""`__launch_bounds__(...)` read from the bytes (the grammar gives its three-argument form an
ERROR node), the kernel it belongs to, and the per-platform macros that the launch-bounds fixes
(HP203, HP205) and HP206 write just above a kernel."""

from __future__ import annotations

import re

from hipify_plus.cuda.syntax import base_name, declarator_name
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.launch._constants import _fold_text
from hipify_plus.parse import Node

AMD_GUARD = "#if defined(__HIP_PLATFORM_AMD__)"


def _item_start(node: Node) -> Node:
    """The outermost node of the declaration `node` starts (template<...>, extern "C" ...)."""
    while node.parent is not None and node.parent.type in ("template_declaration", "linkage_specification"):
        node = node.parent
    return node


def _block_insertion(ctx: LintContext, node: Node, block: str) -> Edit | None:
    """An edit that puts preprocessor lines just before the declaration of `node`; None where a
    directive cannot go (inside a macro body)."""
    item = _item_start(node)
    ancestor = item.parent
    while ancestor is not None:
        if ancestor.type in ("preproc_def", "preproc_function_def"):
            return None
        ancestor = ancestor.parent
    data = ctx.data
    line_start = data.rfind(b"\n", 0, item.start_byte) + 1
    if data[:line_start].rstrip(b"\n").endswith(b"\\"):
        return None
    if data[line_start : item.start_byte].strip():
        return Edit(item.start_byte, item.start_byte, ("\n" + block).encode())
    return Edit(line_start, line_start, block.encode())


def _bounds_arguments(node: Node, ctx: LintContext) -> list[tuple[int, int]]:
    """Byte spans of the top-level arguments of `__launch_bounds__(...)`, read from the bytes
    because the grammar gives the three-argument form an ERROR node."""
    data = ctx.data
    start = data.find(b"(", node.start_byte, node.end_byte)
    end = node.end_byte - 1
    if start < 0 or data[end : end + 1] != b")":
        return []
    spans: list[tuple[int, int]] = []
    depth, begin = 0, start + 1
    for index in range(start + 1, end):
        char = data[index : index + 1]
        if char in b"([{":
            depth += 1
        elif char in b")]}":
            depth -= 1
        elif char == b"," and depth == 0:
            spans.append((begin, index))
            begin = index + 1
    spans.append((begin, end))
    return [_strip_span(data, s, e) for s, e in spans if data[s:e].strip()]


def _strip_span(data: bytes, start: int, end: int) -> tuple[int, int]:
    text = data[start:end]
    return start + (len(text) - len(text.lstrip())), end - (len(text) - len(text.rstrip()))


def _span_value(ctx: LintContext, span: tuple[int, int]) -> int | None:
    node = ctx.tree.root_node.descendant_for_byte_range(*span)
    if node is not None and (node.start_byte, node.end_byte) == span:
        value = ctx.int_value(node)
        if value is not None:
            return value
    return _fold_text(ctx, _span_text(ctx, span))


def _span_text(ctx: LintContext, span: tuple[int, int]) -> str:
    return ctx.data[span[0] : span[1]].decode("utf-8", "surrogateescape")


def _bounded_kernel_name(node: Node, ctx: LintContext) -> str:
    """The name of the kernel a launch_bounds node belongs to ('' if unknown)."""
    owner = node.parent
    if owner is None:
        return ""
    name = declarator_name(owner)
    return base_name(ctx.text(name)) if name is not None else ""


def _macro_name(ctx: LintContext, stem: str, kernel: str, node: Node) -> str:
    """`HP_<stem>_<kernel>`, numbered when other kernels of that name need a different macro."""
    base = f"HP_{stem}_{re.sub(r'[^A-Za-z0-9_]', '_', kernel) or 'kernel'}"
    mine = ctx.text(node)
    others = [n for n in ctx.nodes({"launch_bounds"}) if _bounded_kernel_name(n, ctx) == kernel and ctx.text(n) != mine]
    if not others:
        return base
    earlier = {ctx.text(n) for n in others if n.start_byte < node.start_byte}
    return f"{base}_{len(earlier) + 1}"


def _stripped_node_span(ctx: LintContext, node: Node) -> tuple[int, int]:
    return _strip_span(ctx.data, node.start_byte, node.end_byte)
