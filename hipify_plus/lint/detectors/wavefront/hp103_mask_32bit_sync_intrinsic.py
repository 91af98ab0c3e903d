"""HP103: 32-bit lane mask passed to a `*_sync` warp intrinsic."""

from __future__ import annotations

import re

from hipify_plus.cuda.syntax import call_args, callee_text
from hipify_plus.edits import Edit
from hipify_plus.lint.context import LintContext
from hipify_plus.lint.detectors.wavefront._masks import _mask_value
from hipify_plus.lint.detectors.wavefront._patterns import SYNC_INTRINSICS
from hipify_plus.lint.registry import detector
from hipify_plus.literals import FULL_32BIT
from hipify_plus.parse import Node

WIDE_MASK = "~0ull"


# HP103
@detector("call_expression", emits=("HP103",), names=tuple(sorted(SYNC_INTRINSICS)))
def mask_32bit_in_sync_intrinsic(node: Node, ctx: LintContext) -> None:
    name = callee_text(node)
    if name not in SYNC_INTRINSICS or name in ctx.project_macros:
        return  # not an intrinsic, or one the project defines for itself (its HIP shim's business)
    args = call_args(node)
    if not args:
        return
    mask = args[0]
    text = ctx.text(mask)
    if _is_64bit_literal(text) or "__activemask" in text or "__ballot" in text:
        return
    value = _mask_value(mask, ctx)
    if value is None:
        return  # a variable or an unresolved macro: we cannot tell its width
    if value == FULL_32BIT or value == -1:
        fix = ctx.fix(
            "HP103", f"Widen the full mask to `{WIDE_MASK}`", [Edit(mask.start_byte, mask.end_byte, WIDE_MASK.encode())]
        )
        ctx.report(
            "HP103",
            mask,
            f"`{text}` is a 32-bit full mask: `{name}` takes a 64-bit lane mask "
            "on AMD (a static_assert fails from ROCm 6.3, and only lanes 0-31 take part)",
            fix,
        )
    elif 0 <= value <= FULL_32BIT:
        fix = ctx.fix(
            "HP103",
            "Widen the mask to 64 bits (review which lanes it names)",
            [Edit(mask.start_byte, mask.end_byte, f"(unsigned long long)({text})".encode())],
            applicability="unsafe",
        )
        ctx.report(
            "HP103",
            mask,
            f"`{text}` is a partial 32-bit lane mask passed to `{name}`: on a "
            "64-lane wavefront it names only lanes 0-31",
            fix,
        )


def _is_64bit_literal(text: str) -> bool:
    lowered = text.lower().replace(" ", "").lstrip("~")
    match = re.fullmatch(r"(0x[0-9a-f']+|[0-9']+)([ul]*)", lowered)
    if match is None:
        return False
    digits, suffix = match.groups()
    return "ll" in suffix or (digits.startswith("0x") and len(digits[2:].lstrip("0")) > 8)
