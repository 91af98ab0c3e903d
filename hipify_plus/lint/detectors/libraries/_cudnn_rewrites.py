"""What the cuDNN -> MIOpen rewrites (HP301, HP303, HP304, HP307) share: where the MIOpen support
block goes and the edit that adds the parts a fix needs (hipify_plus/rewrite/cudnn.py renders
them), the statement a call stands in, and whether the file is HIP code (fixes are safe there:
the rewritten calls do not compile against cuDNN)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from hipify_plus.cuda.syntax import node_text
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.libraries._calls import _Call, _calls
from hipify_plus.lint.support_blocks import insert_after_includes, prelude_end
from hipify_plus.parse import Node
from hipify_plus.rewrite import cudnn

_GUARD = re.compile(rb"#\s*ifndef\s+(" + re.escape(cudnn.GUARD_PREFIX.encode()) + rb"\w+)")
_MIOPEN_INCLUDE = re.compile(rb'#\s*include\s*[<"]miopen/miopen\.h[>"]')


def present_parts(ctx: LintContext) -> dict[str, Node]:
    """The support parts the file has, by guard -> its top-level `#ifndef` block."""
    store = ctx.__dict__.setdefault("_cudnn_parts", None)
    if store is None:
        store = {}
        if _GUARD.search(ctx.data):
            for node in ctx.tree.root_node.named_children:
                name = node.child_by_field_name("name") if node.type == "preproc_ifdef" else None
                if name is not None and ctx.text(name).startswith(cudnn.GUARD_PREFIX):
                    store[ctx.text(name)] = node
        ctx.__dict__["_cudnn_parts"] = store
    return store


def inside_support(node: Node, ctx: LintContext) -> bool:
    """The node is part of hipify-plus's own MIOpen support code (which the rules leave alone)."""
    parts = present_parts(ctx)
    return any(p.start_byte <= node.start_byte and node.end_byte <= p.end_byte for p in parts.values())


def cudnn_calls(ctx: LintContext) -> list[_Call]:
    """The file's calls outside the support code."""
    if not present_parts(ctx):
        return _calls(ctx)
    return [c for c in _calls(ctx) if not inside_support(c.node, ctx)]


def support_edit(ctx: LintContext, wanted: Iterable[str], first_use: int) -> tuple[bool, Edit | None]:
    """(possible, edit): the edit that adds what `wanted` needs and the file lacks (None when it
    has everything), or (False, None) when the block cannot go before `first_use` with MIOpen's
    header above it."""
    present = present_parts(ctx)
    parts = cudnn.missing_parts(wanted, present)
    if not parts:
        return True, None
    block = cudnn.support_block(parts)
    if present:
        last = max(present.values(), key=lambda n: n.end_byte)
        position = last.end_byte
        if position > first_use:
            return False, None
        return True, Edit(position, position, b"\n" + block.split(b"\n", 1)[1])  # no second title line
    position = prelude_end(ctx)
    include = _MIOPEN_INCLUDE.search(ctx.data)
    if position == 0 or (include is not None and include.start() > position):
        return False, None
    edit = insert_after_includes(ctx, block, first_use)
    return edit is not None, edit


def _comma_after(arg: Node) -> Node | None:
    node = arg.next_sibling
    while node is not None and node.type == "comment":
        node = node.next_sibling
    return node if node is not None and node.type == "," else None


def drop_arguments(args: list[Node] | tuple[Node, ...], indices: Iterable[int], ctx: LintContext) -> list[Edit] | None:
    """Delete these arguments with one comma each, run by run of neighbours, never a comment: a
    run followed by a line break takes the comma before it, so the call keeps its lines. None
    when a comment sits between two arguments of one run."""
    runs: list[list[int]] = []
    for index in sorted(set(indices)):
        if runs and runs[-1][-1] == index - 1:
            runs[-1].append(index)
        else:
            runs.append([index])
    data = ctx.data
    edits = []
    for run in runs:
        first, last = run[0], run[-1]
        if any(data[args[i].end_byte : args[i + 1].start_byte].strip() != b"," for i in run[:-1]):
            return None
        before = data[args[first - 1].end_byte : args[first].start_byte] if first > 0 else b""
        if last + 1 < len(args):
            after = data[args[last].end_byte : args[last + 1].start_byte]
            if after.strip() == b"," and b"\n" in after and before.strip() == b",":
                edits.append(Edit(args[first - 1].end_byte, args[last].end_byte, b""))
            elif after.strip() == b",":
                edits.append(Edit(args[first].start_byte, args[last + 1].start_byte, b""))
            else:  # a comment after the run stays: take the run and the comma that ends it
                comma = _comma_after(args[last])
                if comma is None:
                    return None
                start = args[first].start_byte
                if before.strip() == b",":  # and the space before the run
                    start = args[first - 1].end_byte + before.index(b",") + 1
                edits.append(Edit(start, comma.end_byte, b""))
        elif first > 0:
            if before.strip() == b",":
                edits.append(Edit(args[first - 1].end_byte, args[last].end_byte, b""))
            else:  # a comment before the run stays: take the comma before it, then the run
                comma = _comma_after(args[first - 1])
                if comma is None:
                    return None
                edits.append(Edit(comma.start_byte, comma.end_byte, b""))
                edits.append(Edit(args[first].start_byte, args[last].end_byte, b""))
        else:
            edits.append(Edit(args[first].start_byte, args[last].end_byte, b""))
    return edits


def call_edits(call: Node, args: list[Node], plan: cudnn.Call, ctx: LintContext) -> list[Edit] | None:
    """A planned call as edits of the call in place (comments and line breaks stay)."""
    function = call.child_by_field_name("function")
    drops = drop_arguments(args, plan.drops, ctx)
    if function is None or drops is None:
        return None
    edits = [Edit(function.start_byte, function.end_byte, plan.function.encode())]
    for index, text in plan.replacements.items():
        if text != ctx.text(args[index]).strip():
            edits.append(Edit(args[index].start_byte, args[index].end_byte, text.encode()))
    for index, text in plan.insertions.items():
        edits.append(Edit(args[index].start_byte, args[index].start_byte, text.encode()))
    return edits + drops


def is_hip(ctx: LintContext) -> bool:
    """Rewrites to MIOpen calls are safe in HIP code (convert's output, or code with HIP/MIOpen
    includes or calls); in a CUDA file they are shown, not applied."""
    return ctx.is_hip


_MACRO = re.compile(r"^[A-Z][A-Z0-9_]*$")
_CHECKER = re.compile(r"check|assert|safe|verify|status|call|err", re.IGNORECASE)


def statement_of(call: Node) -> Node | None:
    """The expression statement that is exactly this call (`f(x);`), or this call checked by one
    status-checking macro or function (`CHECK(f(x));`, `checkCUDNN(f(x));`), if it is one."""
    node = call
    parent = node.parent
    if (
        parent is not None
        and parent.type == "argument_list"
        and len([c for c in parent.named_children if c.type != "comment"]) == 1
    ):
        outer = parent.parent
        function = outer.child_by_field_name("function") if outer is not None else None
        if (
            outer is not None
            and outer.type == "call_expression"
            and function is not None
            and function.type == "identifier"
            and (_MACRO.match(node_text(function)) or _CHECKER.search(node_text(function)))
        ):
            node, parent = outer, outer.parent
    if parent is not None and parent.type == "expression_statement":
        named = [c for c in parent.named_children if c.type != "comment"]
        if len(named) == 1 and named[0].start_byte == node.start_byte:
            return parent
    return None
