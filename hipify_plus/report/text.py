"""Linter-style text: `path:line:col: RULE [severity] message`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TextIO

from hipify_plus.diagnostics import Diagnostic


def write_text(diagnostics: Sequence[Diagnostic], out: TextIO) -> None:
    for d in sorted(diagnostics, key=lambda d: (d.path, d.line, d.column, d.rule)):
        out.write(f"{d.path}:{d.line}:{d.column}: {d.rule} [{d.severity}] {d.message}\n")


def summary(diagnostics: Sequence[Diagnostic]) -> str:
    by_severity = Counter(d.severity for d in diagnostics)
    parts = [f"{by_severity[s]} {s}{'s' if by_severity[s] != 1 else ''}"
             for s in ("error", "warning", "info") if by_severity[s]]
    return ", ".join(parts) if parts else "no findings"
