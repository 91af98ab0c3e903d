"""Lane-mask values shared by HP103, HP104, HP109, HP112 and the warp-size unit: a mask
expression's constant value, and whether a shifted bit lands in a bitmap word in memory rather
than in a lane mask."""

from __future__ import annotations

from hipify_plus.cuda.syntax import callee_text
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.wavefront._syntax import _operator, _up
from hipify_plus.literals import FULL_32BIT, is_full_32bit_mask
from hipify_plus.parse import Node


def _into_memory_word(shift: Node, ctx: LintContext) -> bool:
    """True if a bit is written into a word in memory (`atomicOr(&w[i], bit)`, `w[i] |= bit`)."""
    parent = _up(shift)
    if parent is not None and parent.type == "argument_list" and parent.parent is not None:
        return callee_text(parent.parent).startswith(("atomicOr", "atomicAnd", "atomicXor"))
    if parent is not None and parent.type == "assignment_expression" and _operator(parent, ctx) in ("|=", "&=", "^="):
        left = parent.child_by_field_name("left")
        return left is not None and left.type in ("subscript_expression", "pointer_expression")
    return False


def _mask_value(node: Node, ctx: LintContext) -> int | None:
    """The value of a mask expression as a 32-bit quantity would see it, if constant."""
    if is_full_32bit_mask(ctx.text(node)):
        return FULL_32BIT
    return ctx.int_value(node)
