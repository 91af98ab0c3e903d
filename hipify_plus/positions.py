"""Positions in converted code put back on the user's bytes, through the exact edits that made
the converted code (`PositionMap`): lint findings on convert's output, hipcc's error lines, the
lines a finding's message names. A diff of the two texts is used only where no edits exist:
the output of hipify-perl, which says nothing about what it changed."""

from __future__ import annotations

import difflib
from dataclasses import replace
from pathlib import Path

from hipify_plus.diagnostics import Diagnostic, placement
from hipify_plus.edits import Edit, PositionMap
from hipify_plus.fsutil import SkipFile, read_source
from hipify_plus.source import SourceFile


def converted_and_original(
    converted: str, original: str, data: bytes | None = None
) -> tuple[SourceFile, SourceFile] | None:
    """A file convert wrote and the user's file it came from, as read now (`data`: the converted
    text, when it is already in memory); None when either cannot be read."""
    try:
        converted_data = data if data is not None else Path(converted).read_bytes()
        original_data = read_source(Path(original))
    except (OSError, SkipFile):
        return None
    return SourceFile(converted, converted_data), SourceFile(original, original_data)


def place_back(diagnostic: Diagnostic, positions: PositionMap, original: SourceFile) -> Diagnostic:
    """A finding on the converted text, moved to the user's bytes, lines and columns. The fix
    stays behind: its edits are for the converted text."""
    start, end = positions.back(diagnostic.start), positions.back(diagnostic.end)
    return replace(diagnostic, fix=None, **placement(original, start, max(start, end)))


def line_back(line: int, positions: PositionMap, converted: SourceFile, original: SourceFile, column: int = 1) -> int:
    """The user's line that holds a line (and byte column) of the converted text: a line convert
    inserted belongs to the line it was inserted into."""
    return original.position(positions.back(converted.offset(line, column)))[0]


_BYTE_DIFF_LIMIT = 16_384  # a replaced block longer than this is one edit: byte diffs are quadratic


def line_diff_edits(old: bytes, new: bytes) -> list[Edit]:
    """Edits that turn `old` into `new`, from a line diff: the positions of a tool that reports no
    edits of its own (hipify-perl). A replaced block of lines is diffed again byte by byte, so a
    renamed call keeps its column."""
    if old == new:
        return []
    old_lines, new_lines = old.splitlines(keepends=True), new.splitlines(keepends=True)
    old_starts, new_starts = _starts(old_lines), _starts(new_lines)
    edits: list[Edit] = []
    matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        start, end = old_starts[i1], old_starts[i2]
        text = new[new_starts[j1] : new_starts[j2]]
        if tag == "replace" and max(end - start, len(text)) <= _BYTE_DIFF_LIMIT:
            edits.extend(_byte_edits(old[start:end], text, start))
        else:
            edits.append(Edit(start, end, text))
    return edits


def _byte_edits(old: bytes, new: bytes, at: int) -> list[Edit]:
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    return [Edit(at + i1, at + i2, new[j1:j2]) for tag, i1, i2, j1, j2 in matcher.get_opcodes() if tag != "equal"]


def _starts(lines: list[bytes]) -> list[int]:
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    return starts
