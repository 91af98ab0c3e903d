"""Lines of a converted file mapped back to the user's file (shared by the report, which puts
lint findings back on the user's lines, and the compile check, which does the same for hipcc's
errors)."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, replace
from pathlib import Path

from hipify_plus.diagnostics import Diagnostic
from hipify_plus.fsutil import SkipFile, read_source
from hipify_plus.source import SourceFile


@dataclass
class LineMap:
    """Lines of a converted file mapped back to the user's file. Lines that convert left alone
    or rewrote in place map one to one; a line convert inserted maps to the line before it."""

    original: SourceFile
    converted: SourceFile
    opcodes: list[tuple[str, int, int, int, int]]

    @classmethod
    def between(cls, original_path: str, converted: bytes) -> LineMap | None:
        try:
            data = read_source(Path(original_path))
        except SkipFile:
            return None
        old, new = data.split(b"\n"), converted.split(b"\n")
        opcodes: list[tuple[str, int, int, int, int]] = [("equal", 0, len(old), 0, len(new))]
        if old != new:
            opcodes = list(difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes())
        return cls(SourceFile(original_path, data), SourceFile("", converted), opcodes)

    def line(self, converted_line: int) -> int:
        index = converted_line - 1
        for tag, i1, i2, j1, j2 in self.opcodes:
            if j1 <= index < j2:
                if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1):
                    return i1 + (index - j1) + 1
                return max(i1, 1) if tag == "insert" else i1 + 1
        return len(self.original.line_starts)

    def back(self, diagnostic: Diagnostic) -> Diagnostic:
        """The finding at its place in the user's file: its columns where its lines are
        untouched, else the whole line (renames move columns). The fix stays behind: its edits
        are for the converted file."""
        line, span = self.line(diagnostic.line), diagnostic.end_line - diagnostic.line
        old_starts, new_starts = self.original.line_starts, self.converted.line_starts
        if line + span <= len(old_starts) and all(
            self.original.line_text(line + k) == self.converted.line_text(diagnostic.line + k) for k in range(span + 1)
        ):
            shift = old_starts[line - 1] - new_starts[diagnostic.line - 1]
            return replace(
                diagnostic,
                path=self.original.path,
                line=line,
                end_line=line + span,
                start=diagnostic.start + shift,
                end=diagnostic.end + shift,
                fix=None,
            )
        text = self.original.line_text(line)
        start = old_starts[line - 1]
        return replace(
            diagnostic,
            path=self.original.path,
            line=line,
            end_line=line,
            column=1,
            end_column=len(text) + 1,
            start=start,
            end=start + len(text.encode()),
            fix=None,
        )
