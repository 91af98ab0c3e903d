"""Diagnostics: one finding, located by byte range and by line/column in its file."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hipify_plus.edits import Fix
from hipify_plus.registry import get_rule
from hipify_plus.source import SourceFile


@dataclass(frozen=True, slots=True)
class Diagnostic:
    rule: str
    name: str
    severity: str
    message: str
    path: str
    start: int
    end: int
    line: int
    column: int
    end_line: int
    end_column: int
    fix: Fix | None = None
    data: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
            "rule": self.rule,
            "name": self.name,
            "severity": self.severity,
            "message": self.message,
            "fix": None
            if self.fix is None
            else {
                "title": self.fix.title,
                "applicability": self.fix.applicability.name.lower(),
                "edits": [
                    {"start": e.start, "end": e.end, "text": e.text.decode("utf-8", "replace")} for e in self.fix.edits
                ],
            },
            **({"data": self.data} if self.data else {}),
        }

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Diagnostic:
        return cls(
            rule=raw["rule"],
            name=raw["name"],
            severity=raw["severity"],
            message=raw["message"],
            path=raw["path"],
            start=raw.get("start", 0),
            end=raw.get("end", 0),
            line=raw["line"],
            column=raw["column"],
            end_line=raw["end_line"],
            end_column=raw["end_column"],
            data=raw.get("data", {}),
        )


def make_diagnostic(
    source: SourceFile,
    rule_id: str,
    start: int,
    end: int,
    message: str,
    fix: Fix | None = None,
    severity: str | None = None,
    **data: Any,
) -> Diagnostic:
    rule = get_rule(rule_id)
    return Diagnostic(
        rule=rule.id,
        name=rule.name,
        severity=severity or rule.severity,
        message=message,
        fix=fix,
        data=data,
        **placement(source, start, end),
    )


def placement(source: SourceFile, start: int, end: int) -> dict[str, Any]:
    """The fields that place a finding on bytes [start, end) of `source`."""
    line, column = source.position(start)
    end_line, end_column = source.position(end)
    return {
        "path": source.path,
        "start": start,
        "end": end,
        "line": line,
        "column": column,
        "end_line": end_line,
        "end_column": end_column,
    }
