"""literals.parse_int: the value of an integer literal as C writes it, or None."""

from __future__ import annotations

import pytest

from hipify_plus.literals import parse_int


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("0", 0),
        ("32", 32),
        ("1024", 1024),
        (" 5 ", 5),  # the text around a literal is not part of it
        ("0777", 511),
        ("007", 7),
        ("09", None),  # no octal number (8 and 9 are not octal digits)
        ("08u", None),
        ("0x1F", 31),
        ("0XffU", 255),
        ("0xffffffffu", 0xFFFFFFFF),
        ("0b101", 5),
        ("1'024", 1024),
        ("12u", 12),
        ("64ull", 64),
        ("0x", None),
        ("0b2", None),
        ("", None),
        ("abc", None),
        ("1.5", None),
        ("١٢", None),  # digits of other scripts are not C digits
    ],
)
def test_parse_int(text: str, expected: int | None) -> None:
    assert parse_int(text) == expected
