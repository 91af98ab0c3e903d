"""Kernel launches written with spaces inside the chevrons, as clang-format writes them
(`k << <grid, block >> >(args)`): nvcc accepts them, hip-clang and tree-sitter-cuda need `<<<`
and `>>>` as single tokens.

`spaced_launch_tokens` finds the spaced chevron runs; `join_launch_tokens` turns each into the
unspaced token followed by the same number of spaces, so every byte offset stays valid and the
parse of the joined bytes describes the original file.
"""

from __future__ import annotations

import re
from bisect import bisect_right

_OPEN = re.compile(rb"<<\s+<(?!<)")
_CLOSE = re.compile(rb">>\s*>|[;{}]")
_OPERATOR = re.compile(rb"operator\s*$")
_NON_CODE = re.compile(rb"""//[^\n]*|/\*.*?(?:\*/|\Z)|[uUL8]*"(?:[^"\\\n]|\\.)*"?|'(?:[^'\\\n]|\\.)*'?""", re.DOTALL)


def _non_code(data: bytes) -> tuple[list[int], list[int]]:
    starts: list[int] = []
    ends: list[int] = []
    for match in _NON_CODE.finditer(data):
        starts.append(match.start())
        ends.append(match.end())
    return starts, ends


def _inside(starts: list[int], ends: list[int], offset: int) -> bool:
    index = bisect_right(starts, offset) - 1
    return index >= 0 and offset < ends[index]


def spaced_launch_tokens(data: bytes) -> list[tuple[int, int]]:
    """Byte ranges of the spaced `<< <` and `>> >` runs of launches (the closing one also when it
    is already `>>>`), in document order; empty for the common file that has none."""
    if not _OPEN.search(data):
        return []
    starts, ends = _non_code(data)
    found: list[tuple[int, int]] = []
    position = 0
    for opening in _OPEN.finditer(data):
        if opening.start() < position or _inside(starts, ends, opening.start()):
            continue
        if _OPERATOR.search(data, max(0, opening.start() - 20), opening.start()):
            continue  # `operator<< <T>(...)`: a template argument list, not a launch
        closing = None
        for candidate in _CLOSE.finditer(data, opening.end()):
            if _inside(starts, ends, candidate.start()):
                continue
            if candidate.group().startswith(b">"):
                closing = candidate
            break
        if closing is None:
            continue
        found.append(opening.span())
        if closing.end() - closing.start() > 3:
            found.append(closing.span())
        position = closing.end()
    return found


def join_launch_tokens(data: bytes) -> bytes:
    """`data` with every spaced launch chevron run made one token, padded to its length."""
    spans = spaced_launch_tokens(data)
    if not spans:
        return data
    out = bytearray(data)
    for start, end in spans:
        token = data[start : start + 1] * 3
        out[start:end] = token + b" " * (end - start - 3)
    return bytes(out)
