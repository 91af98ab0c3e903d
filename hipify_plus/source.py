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

    def line_text(self, line: int) -> str:
        starts = self.line_starts
        start = starts[line - 1]
        end = starts[line] if line < len(starts) else len(self.data)
        return self.data[start:end].decode("utf-8", errors="replace").rstrip("\r\n")
