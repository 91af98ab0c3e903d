"""Where a command's report goes: standard output, or `--output-file PATH`, written atomically
once the report is complete (a reader never sees half of one, and a failed run leaves the old
file as it was)."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import TextIO

from hipify_plus.fsutil import write_atomic


class ReportOutput:
    """`stream` collects the report; `finish()` writes it to the file (None: it went to
    `fallback`, standard output unless the command says otherwise)."""

    def __init__(self, path: Path | None, fallback: TextIO | None = None) -> None:
        self.path = path
        self._buffer = io.StringIO() if path is not None else None
        self.stream: TextIO = self._buffer if self._buffer is not None else (fallback or sys.stdout)

    def finish(self) -> str | None:
        """Write the file; the reason when it cannot be written, else None."""
        if self._buffer is None or self.path is None:
            return None
        if self.path.is_dir():
            return f"--output-file {self.path}: is a folder"
        try:
            write_atomic(self.path, self._buffer.getvalue().encode("utf-8", "surrogateescape"))
        except OSError as exc:
            return f"cannot write --output-file {self.path}: {exc.strerror or exc}"
        return None
