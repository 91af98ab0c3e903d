"""Blocks of support code a fix adds to a file once: definitions a HIP build lacks (CUDA device
intrinsics, cooperative-groups collectives), rendered from templates/ and placed after the
file's leading #include lines, or in place of the CUDA #include they stand for.

A lint fix edits only the file it is linting, so a block is inlined into each file that needs
it rather than written as a separate header; every part of a block has its own `#ifndef`
guard, so a file that also gets the block through one of its headers still compiles.
"""

from __future__ import annotations

import re

from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.parse import Node

_SKIPPED = frozenset({"comment", "preproc_call"})  # `#pragma once`, comments


def _next_line(data: bytes, position: int) -> int:
    """The start of the line after `position` (or `position` when it already starts one)."""
    if position > 0 and data[position - 1 : position] == b"\n":
        return position
    newline = data.find(b"\n", position)
    return len(data) if newline < 0 else newline + 1


def prelude_end(ctx: LintContext) -> int:
    """Where a block goes: after the leading #include lines of the file (inside its include
    guard, when the whole file is one `#ifndef X / #define X ... #endif`); 0 when it has none."""
    cache: dict[str, int] = vars(ctx).setdefault("_support_blocks", {})
    if "prelude" in cache:
        return cache["prelude"]
    container = ctx.tree.root_node
    significant = [c for c in container.named_children if c.type not in _SKIPPED]
    if len(significant) == 1 and significant[0].type == "preproc_ifdef":
        container = significant[0]
    name = container.child_by_field_name("name") if container.type == "preproc_ifdef" else None
    position: int | None = None
    for child in container.named_children:
        if (name is not None and child.start_byte == name.start_byte) or child.type in _SKIPPED:
            continue
        if name is not None and child.type == "preproc_def" and position is None:
            guard = child.child_by_field_name("name")
            if guard is not None and ctx.text(guard) == ctx.text(name):
                position = _next_line(ctx.data, child.end_byte)
                continue
        if child.type == "preproc_include":
            position = _next_line(ctx.data, child.end_byte)
            continue
        if position is None:
            position = child.start_byte
        break
    cache["prelude"] = position if position is not None else 0
    return cache["prelude"]


def insert_after_includes(ctx: LintContext, block: bytes, first_use: int) -> Edit | None:
    """The edit that adds `block` after the file's includes; None when a use (at byte
    `first_use`) comes before that place, so the block would not be in scope there."""
    position = prelude_end(ctx)
    if first_use < position:
        return None
    before = b"\n" if position > 0 and ctx.data[position - 2 : position] != b"\n\n" else b""
    return Edit(position, position, before + block + b"\n")


def replace_include(ctx: LintContext, include: Node, block: bytes) -> Edit | None:
    """The edit that puts `block` where an #include directive stands (the rest of its line, a
    trailing comment and the newline, stays after the block)."""
    path = include.child_by_field_name("path")
    if path is None:
        return None
    return Edit(include.start_byte, path.end_byte, block)


def defines(ctx: LintContext, macro: str) -> bool:
    """The file defines `macro` (a block's guard: the block is already there)."""
    return re.search(rb"#\s*define\s+" + re.escape(macro.encode()) + rb"\b", ctx.data) is not None
