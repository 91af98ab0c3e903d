"""Where a command's report goes: standard output, or `--output-file PATH`, written atomically
once the report is complete (a reader never sees half of one, and a failed run leaves the old
file as it was); and standard input read as a named file (`-` with `--stdin-filename`), for the
commands that take it (lint, convert)."""

from __future__ import annotations

import io
import sys
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from hipify_plus.commands.exits import usage_error
from hipify_plus.filekinds import file_kind
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


@dataclass(frozen=True)
class StandardInput:
    """Standard input as a file: `path` decides its kind and settings (`-.cu`, a CUDA source,
    without --stdin-filename), `display` names it in findings (`-` without --stdin-filename)."""

    path: str
    display: str
    data: bytes


def is_standard_input(paths: list[Path], stdin_filename: str | None) -> bool:
    """`-` as the only path, or no path with --stdin-filename."""
    return [str(p) for p in paths] == ["-"] or (not paths and stdin_filename is not None)


def read_standard_input(
    stdin_filename: str | None, max_file_size: int, kinds: Collection[str], kinds_words: str, verb: str
) -> StandardInput | None:
    """Standard input as the file `stdin_filename`, if its kind (filekinds.file_kind) is one of
    `kinds`; None after a usage error, printed (`kinds_words` says which kinds the command
    `verb`s: lints, converts)."""
    path = stdin_filename or "-.cu"
    if file_kind(Path(path).name) not in kinds:
        usage_error(f"--stdin-filename {stdin_filename}: not a file kind hipify-plus {verb} ({kinds_words})")
        return None
    data = sys.stdin.buffer.read(max_file_size + 1)
    if len(data) > max_file_size:
        usage_error(f"standard input is over the {max_file_size / 2**20:g} MB limit (--max-file-size)")
        return None
    if b"\0" in data[:8192]:
        usage_error(f"standard input is a binary file, not {verb.removesuffix('s')}ed")
        return None
    return StandardInput(path, stdin_filename or "-", data)


def write_standard_output(data: bytes) -> None:
    """Bytes on standard output, after whatever text was printed there."""
    sys.stdout.flush()
    sys.stdout.buffer.write(data)
    sys.stdout.flush()
