"""JSON: a list of diagnostic objects (path, line, column, end_line, end_column, rule, name,
severity, message, fix)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TextIO

from hipify_plus.diagnostics import Diagnostic


def write_json(diagnostics: Sequence[Diagnostic], out: TextIO) -> None:
    ordered = sorted(diagnostics, key=lambda d: (d.path, d.line, d.column, d.rule))
    json.dump([d.to_json() for d in ordered], out, indent=2)
    out.write("\n")
