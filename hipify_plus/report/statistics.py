"""`--statistics`: how many findings each rule gave, instead of the findings (ruff's habit).

Text: one line a rule, most frequent first,

        12  HP103  warp-mask-32-bit   [*] 12 fixable

JSON: a list of {"rule", "name", "severity", "count", "fixable"}. "Fixable" counts the fixes the
same run's `--fix` would apply: safe ones, and unsafe ones too under `--unsafe-fixes`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from hipify_plus.diagnostics import Diagnostic
from hipify_plus.edits import Applicability

STATISTICS_FORMATS = ("text", "concise", "json")


@dataclass(frozen=True)
class RuleCount:
    rule: str
    name: str
    severity: str
    count: int
    fixable: int

    def to_json(self) -> dict[str, Any]:
        return {
            "rule": self.rule,
            "name": self.name,
            "severity": self.severity,
            "count": self.count,
            "fixable": self.fixable,
        }


def rule_statistics(diagnostics: Sequence[Diagnostic], minimum: Applicability = Applicability.SAFE) -> list[RuleCount]:
    """Per rule: findings and how many of them `--fix` at `minimum` would fix; most frequent
    first, then by rule id."""
    counts: dict[str, list[int]] = {}
    first: dict[str, Diagnostic] = {}
    for d in diagnostics:
        entry = counts.setdefault(d.rule, [0, 0])
        first.setdefault(d.rule, d)
        entry[0] += 1
        if d.fix is not None and d.fix.applicability >= minimum:
            entry[1] += 1
    rows = [
        RuleCount(rule, first[rule].name, first[rule].severity, count, fixable)
        for rule, (count, fixable) in counts.items()
    ]
    return sorted(rows, key=lambda r: (-r.count, r.rule))


def write_statistics(fmt: str, rows: Sequence[RuleCount], out: TextIO) -> None:
    if fmt == "json":
        json.dump([r.to_json() for r in rows], out, indent=2)
        out.write("\n")
        return
    if not rows:
        return
    count_width = max(len(str(r.count)) for r in rows)
    name_width = max(len(r.name) for r in rows)
    for r in rows:
        mark = f"[*] {r.fixable} fixable" if r.fixable else ""
        out.write(f"{r.count:>{count_width}}  {r.rule}  {r.name:<{name_width}}  {mark}".rstrip() + "\n")
