"""Makefiles read as text (never run): logical lines and comments, with byte offsets into the
file. The one Makefile reader: `convert` rewrites Makefiles from it and the build rules of `lint`
analyse the same lines."""

from __future__ import annotations


def logical_lines(data: bytes) -> list[tuple[int, int]]:
    """(start, end) of each logical line, joined over backslash-newline continuations; end is the
    offset of the newline that ends it (the file's length on the last line)."""
    lines: list[tuple[int, int]] = []
    pos = 0
    while pos < len(data):
        end = data.find(b"\n", pos)
        while end != -1:
            last = end - 1 if end > pos and data[end - 1] == 0x0D else end
            backslashes = 0
            while last - backslashes - 1 >= pos and data[last - backslashes - 1] == 0x5C:
                backslashes += 1
            if backslashes % 2 == 0:
                break
            end = data.find(b"\n", end + 1)
        end = len(data) if end == -1 else end
        lines.append((pos, end))
        pos = end + 1
    return lines


def comment_start(data: bytes, start: int, end: int) -> int:
    """Where the line's comment begins: make ends a line at the first unescaped `#` (end if
    there is none)."""
    pos = start
    while pos < end:
        if data[pos] == 0x5C:
            pos += 2
            continue
        if data[pos] == 0x23:
            return pos
        pos += 1
    return end
