"""Linter-style text: `path:line:col: RULE [severity] message`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TextIO

from hipify_plus.diagnostics import Diagnostic


def write_text(diagnostics: Sequence[Diagnostic], out: TextIO) -> None:
    for d in sorted(diagnostics, key=lambda d: (d.path, d.line, d.column, d.rule)):
        out.write(f"{d.path}:{d.line}:{d.column}: {d.rule} [{d.severity}] {d.message}\n")


def summary(diagnostics: Sequence[Diagnostic]) -> str:
    by_severity = Counter(d.severity for d in diagnostics)
    parts = [
        f"{by_severity[s]} {s}{'s' if by_severity[s] != 1 else ''}"
        for s in ("error", "warning", "info")
        if by_severity[s]
    ]
    return ", ".join(parts) if parts else "no findings"


def write_full(diagnostics: Sequence[Diagnostic], sources: dict[str, bytes], out: TextIO) -> None:
    """ruff-style: the finding, then a code frame with the span underlined, then the fix title."""
    from hipify_plus.source import SourceFile

    files: dict[str, SourceFile] = {}
    for d in sorted(diagnostics, key=lambda d: (d.path, d.line, d.column, d.rule)):
        out.write(f"{d.path}:{d.line}:{d.column}: {d.rule} [{d.severity}] {d.message}\n")
        data = sources.get(d.path)
        if data is not None:
            source = files.setdefault(d.path, SourceFile(d.path, data))
            width = len(str(d.line + 1))
            for number in range(max(1, d.line - 1), min(len(source.line_starts), d.line + 1) + 1):
                text = source.line_text(number).expandtabs(4)
                out.write(f"  {number:>{width}} | {text}\n")
                if number == d.line:
                    length = (d.end_column - d.column) if d.end_line == d.line else len(text) - d.column + 1
                    out.write(f"  {'':>{width}} | {' ' * (d.column - 1)}{'^' * max(1, length)}\n")
        if d.fix is not None:
            kind = {"SAFE": "fix", "UNSAFE": "unsafe fix", "DISPLAY_ONLY": "suggestion"}[d.fix.applicability.name]
            out.write(f"  = {kind}: {d.fix.title}\n")
        out.write("\n")


def write_applied_fixes(fixed: Mapping[str, Mapping[str, int]], out: TextIO, would: bool = False) -> None:
    """`--show-fixes` after `--fix` (or `--diff`: `would`): per file, how many fixes of each rule
    were applied. Counts, not lines: fixes run in rounds, and a line of the input may be gone."""
    from hipify_plus.registry import rule_names

    names = rule_names()
    total = sum(sum(counts.values()) for counts in fixed.values())
    if not total:
        out.write("No fixes would be applied.\n" if would else "No fixes applied.\n")
        return
    out.write(f"{'Would fix' if would else 'Fixed'} {total} finding(s):\n")
    for path in sorted(fixed):
        if not fixed[path]:
            continue
        out.write(f"- {path}:\n")
        for rule, count in sorted(fixed[path].items()):
            out.write(f"    {count} × {rule} ({names.get(rule, '?')})\n")


def write_available_fixes(diagnostics: Sequence[Diagnostic], minimum: int, out: TextIO) -> None:
    """`--show-fixes` without `--fix`: per file, each finding `--fix` would fix, with the fix."""
    fixable = sorted(
        (d for d in diagnostics if d.fix is not None and d.fix.applicability >= minimum),
        key=lambda d: (d.path, d.line, d.column, d.rule),
    )
    if not fixable:
        out.write("No fixes available with --fix.\n")
        return
    out.write(f"Would fix {len(fixable)} finding(s) with --fix:\n")
    path = None
    for d in fixable:
        if d.path != path:
            path = d.path
            out.write(f"- {path}:\n")
        assert d.fix is not None
        out.write(f"    {d.line}:{d.column} {d.rule} {d.fix.title}\n")
