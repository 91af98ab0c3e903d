"""A source file as bytes plus a line index, for turning byte offsets into lines and columns."""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass, field


@dataclass
class SourceFile:
    path: str
    data: bytes
    _line_starts: list[int] | None = field(default=None, repr=False)

    @property
    def line_starts(self) -> list[int]:
        if self._line_starts is None:
            starts = [0]
            find = self.data.find
            pos = find(b"\n")
            while pos != -1:
                starts.append(pos + 1)
                pos = find(b"\n", pos + 1)
            self._line_starts = starts
        return self._line_starts

    def position(self, offset: int) -> tuple[int, int]:
        """1-based (line, column) of a byte offset; columns count characters, not bytes."""
        starts = self.line_starts
        index = bisect_right(starts, offset) - 1
        line_start = starts[index]
        column = len(self.data[line_start:offset].decode("utf-8", errors="replace")) + 1
        return index + 1, column

    def line_span(self, line: int) -> tuple[int, int]:
        """Byte offsets of a 1-based line's start and end (before its newline), clamped to the
        text: a line past the end is the last one (after a final newline, the empty one)."""
        starts = self.line_starts
        line = min(max(line, 1), len(starts))
        end = starts[line] - 1 if line < len(starts) else len(self.data)
        return starts[line - 1], end

    def offset(self, line: int, column: int = 1) -> int:
        """The byte offset of a 1-based line and byte column (as compilers count them), clamped
        to the line (`line_span`)."""
        start, end = self.line_span(line)
        return min(start + max(column - 1, 0), end)

    def line_text(self, line: int) -> str:
        starts = self.line_starts
        start = starts[line - 1]
        end = starts[line] if line < len(starts) else len(self.data)
        return self.data[start:end].decode("utf-8", errors="replace").rstrip("\r\n")
