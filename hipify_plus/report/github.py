"""GitHub Actions workflow commands: one `::error file=...` annotation per finding."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from hipify_plus.diagnostics import Diagnostic

_LEVEL = {"error": "error", "warning": "warning", "info": "notice"}


def _escape(text: str, property_value: bool = False) -> str:
    text = text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
    if property_value:
        text = text.replace(":", "%3A").replace(",", "%2C")
    return text


def write_github(diagnostics: Sequence[Diagnostic], out: TextIO) -> None:
    for d in sorted(diagnostics, key=lambda d: (d.path, d.line, d.column, d.rule)):
        out.write(
            f"::{_LEVEL[d.severity]} title={_escape(f'{d.rule} {d.name}', True)},"
            f"file={_escape(d.path, True)},line={d.line},col={d.column},"
            f"endLine={d.end_line},endColumn={d.end_column}::{_escape(f'{d.rule} {d.message}')}\n"
        )
