"""An `#include`'s path node and header name, and the edit that swaps the header."""

from __future__ import annotations

from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.parse import Node


def _include_path(node: Node, ctx: LintContext) -> tuple[Node, str] | None:
    path = node.child_by_field_name("path")
    if path is None or path.type not in ("system_lib_string", "string_literal"):
        return None
    return path, ctx.text(path)[1:-1].strip()


def _swap_include(path: Node, ctx: LintContext, new: str) -> Edit:
    text = ctx.text(path)
    return Edit(path.start_byte, path.end_byte, f"{text[0]}{new}{text[-1]}".encode())
