"""C/C++ integer literals and the spellings of a full 32-bit lane mask, shared by the
translator and the linter."""

from __future__ import annotations

import re

_INT_LITERAL = re.compile(r"^(0[xX][0-9a-fA-F']+|0[bB][01']+|[0-9][0-9']*)([uUlLzZ]*)$")
_OCTAL = re.compile(r"[0-7]+")
FULL_32BIT = 0xFFFFFFFF
# all-ones spellings whose value depends on the (32-bit) type rather than on digits
_ALL_ONES = frozenset({"~0u", "~0U", "~0", "~0x0u", "(unsigned)-1", "(unsignedint)-1", "-1"})


def parse_int(text: str) -> int | None:
    """An integer literal's value (`0xffffffffu`, `1'024`, `32`), or None (also for `09`, which
    is no octal number)."""
    if text.isascii() and text.isdigit():  # most literals are plain decimals: no pattern needed
        digits = text
    else:
        match = _INT_LITERAL.match(text.strip())
        if not match:
            return None
        digits = match.group(1).replace("'", "")
        if digits[:2] in ("0x", "0X"):
            return int(digits, 16)
        if digits[:2] in ("0b", "0B"):
            return int(digits[2:], 2)
    if len(digits) > 1 and digits[0] == "0":
        return int(digits, 8) if _OCTAL.fullmatch(digits) else None
    return int(digits)


def is_full_32bit_mask(text: str) -> bool:
    """`0xffffffff`, `0xFFFFFFFFu`, `~0u`, `-1`, `(unsigned)-1` ...: all 32 lanes, and no more."""
    compact = text.replace(" ", "")
    return compact in _ALL_ONES or parse_int(compact) == FULL_32BIT


_FULL_64BIT_SPELLINGS = frozenset({"~0ull", "~0ULL", "~0llu", "~0LLU", "~0ul", "~0UL"})


def is_full_mask(text: str) -> bool:
    """Every lane of a 32- or 64-lane wave: a full 32-bit mask, `~0ull`, `0xffffffffffffffff`."""
    compact = text.replace(" ", "")
    return is_full_32bit_mask(compact) or compact in _FULL_64BIT_SPELLINGS or parse_int(compact) == 0xFFFFFFFFFFFFFFFF
