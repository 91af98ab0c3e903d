"""JSON: a list of diagnostic objects (path, line, column, end_line, end_column, rule, name,
severity, message, fix)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, TextIO

from hipify_plus.diagnostics import Diagnostic


def diagnostics_json(diagnostics: Sequence[Diagnostic]) -> list[dict[str, Any]]:
    ordered = sorted(diagnostics, key=lambda d: (d.path, d.line, d.column, d.rule))
    return [d.to_json() for d in ordered]


def write_json(diagnostics: Sequence[Diagnostic], out: TextIO) -> None:
    json.dump(diagnostics_json(diagnostics), out, indent=2)
    out.write("\n")
