"""Integer values of `#define` text for the launch rules: literals, known constants, `a * b`,
`a << b`, parentheses and trailing comments, and macros defined once in the file. A second
folder beside `LintContext.int_value`, which folds only names."""

from __future__ import annotations

import re

from hipify_plus.cuda.includes import header_macro_values
from hipify_plus.lint.context import LintContext
from hipify_plus.literals import parse_int
from hipify_plus.parse import Node


def _fold_text(ctx: LintContext, text: str, seen: frozenset[str] = frozenset()) -> int | None:
    """A #define value's integer: literals, known constants, `a * b`, `a << b`, parentheses."""
    text = re.sub(r"/\*.*?\*/|//.*", "", text, flags=re.DOTALL).strip()
    while text.startswith("(") and text.endswith(")"):
        text = text[1:-1].strip()
    value = parse_int(text)
    if value is not None:
        return value
    if re.fullmatch(r"[A-Za-z_]\w*", text):
        known = ctx.constants.get(text)
        return known if known is not None else _macro_value(ctx, text, seen)
    match = re.fullmatch(r"(.+?)\s*(\*|<<)\s*(.+)", text)
    if match:
        left, right = _fold_text(ctx, match.group(1), seen), _fold_text(ctx, match.group(3), seen)
        if left is not None and right is not None:
            if match.group(2) == "*":
                return left * right
            return left << right if 0 <= right < 64 else None
    return None


def _macro_value(ctx: LintContext, name: str, seen: frozenset[str] = frozenset()) -> int | None:
    """The value of an object-like #define as an AMD build sees it: its definitions in this file
    outside code AMD never compiles, else those of the project headers the file includes; also
    when a comment follows it on the line (the grammar keeps such comments in the macro's text).
    None unless every such definition gives the same value."""
    if name in seen:
        return None
    texts = [ctx.text(value) for node, value in _defines(ctx).get(name, ()) if not ctx.inactive_on_amd(node)]
    if not texts and ctx.project_includes:
        texts = sorted(_header_values(ctx).get(name, ()))
    values = {_fold_text(ctx, text, seen | {name}) for text in texts}
    return values.pop() if len(values) == 1 else None


def _defines(ctx: LintContext) -> dict[str, list[tuple[Node, Node]]]:
    """The file's object-like #defines by name: (directive, value) in file order (once per file:
    a kernel's block size and every launch ask)."""
    found: dict[str, list[tuple[Node, Node]]] | None = ctx.__dict__.get("_launch_defines")
    if found is None:
        found = {}
        for node in ctx.nodes({"preproc_def"}):
            macro, value = node.child_by_field_name("name"), node.child_by_field_name("value")
            if macro is not None and value is not None:
                found.setdefault(ctx.text(macro), []).append((node, value))
        ctx.__dict__["_launch_defines"] = found
    return found


def _header_values(ctx: LintContext) -> dict[str, frozenset[str]]:
    """`header_macro_values` of this file's project includes, followed once per file."""
    found: dict[str, frozenset[str]] | None = ctx.__dict__.get("_launch_header_values")
    if found is None:
        found = header_macro_values(ctx.source.path, ctx.project_includes, ctx.settings.target_rocm)
        ctx.__dict__["_launch_header_values"] = found
    return found


def _int(ctx: LintContext, node: Node | None) -> int | None:
    value = ctx.int_value(node)
    if value is None and node is not None and node.type == "identifier":
        value = _macro_value(ctx, ctx.text(node))
    return value
