"""Choosing an output format (and, with --statistics, the per-rule counts instead)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TextIO

from hipify_plus.diagnostics import Diagnostic

FORMATS = ("text", "concise", "json", "sarif", "github")


def write_report(
    name: str, diagnostics: Sequence[Diagnostic], sources: dict[str, bytes], out: TextIO, docs_url: str | None = None
) -> None:
    if name == "json":
        from hipify_plus.report.json import write_json

        write_json(diagnostics, out)
    elif name == "sarif":
        from hipify_plus.report.sarif import write_sarif

        write_sarif(diagnostics, out, sources, docs_url)
    elif name == "github":
        from hipify_plus.report.github import write_github

        write_github(diagnostics, out)
    elif name == "concise":
        from hipify_plus.report.text import write_text

        write_text(diagnostics, out)
    else:
        from hipify_plus.report.text import write_full

        write_full(diagnostics, sources, out)
