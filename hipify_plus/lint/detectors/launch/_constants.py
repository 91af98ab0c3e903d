"""Integer values of `#define` text for the launch rules: literals, known constants, `a * b`,
`a << b`, parentheses and trailing comments, and macros defined once in the file. A second
folder beside `LintContext.int_value`, which folds only names."""

from __future__ import annotations

import re

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
    texts = [
        ctx.text(value)
        for node in ctx.defines.get(name, ())
        if (value := node.child_by_field_name("value")) is not None and not ctx.inactive_on_amd(node)
    ]
    if not texts and ctx.project_includes:
        texts = sorted(ctx.header_macro_values.get(name, ()))
    values = {_fold_text(ctx, text, seen | {name}) for text in texts}
    return values.pop() if len(values) == 1 else None


def _int(ctx: LintContext, node: Node | None) -> int | None:
    value = ctx.int_value(node)
    if value is None and node is not None and node.type == "identifier":
        value = _macro_value(ctx, ctx.text(node))
    return value
