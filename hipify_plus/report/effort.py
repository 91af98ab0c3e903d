"""The work-remaining estimate: engineer-hours per finding, from rules/report/effort.toml."""

from __future__ import annotations

import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

from hipify_plus.data import data_dir
from hipify_plus.diagnostics import Diagnostic
from hipify_plus.edits import Applicability


@dataclass(frozen=True)
class EffortModel:
    fix: dict[str, float]
    severity: dict[str, float]
    rule: dict[str, float] = field(default_factory=dict)
    repeat: float = 0.1

    def base_hours(self, diagnostic: Diagnostic, resolution: str) -> float:
        """What the first finding of its kind costs (see effort.toml for the reasoning)."""
        if diagnostic.rule in self.rule:
            return self.rule[diagnostic.rule]
        if resolution == "automatic":
            return self.fix["safe"]
        if resolution == "review a fix":
            return self.fix["unsafe"]
        return self.severity.get(diagnostic.severity, 0.0)

    def hours(self, findings: Iterable[tuple[Diagnostic, str]]) -> list[float]:
        """Hours per (finding, resolution), in order. A finding that repeats an earlier one (same
        rule, and the same identifier or, without one, the same message) costs `repeat` times its
        base: the first occurrence is the work, the others follow its pattern. A second rule
        reporting the same code (same line, same subject) costs nothing more: one piece of work."""
        seen: set[tuple[str, str]] = set()
        places: set[tuple[str, int, str]] = set()
        hours = []
        for diagnostic, resolution in findings:
            subject = _subject(diagnostic)
            key, place = (diagnostic.rule, subject or diagnostic.message), (diagnostic.path, diagnostic.line, subject)
            if subject and place in places:
                hours.append(0.0)
            else:
                hours.append(self.base_hours(diagnostic, resolution) * (self.repeat if key in seen else 1.0))
            seen.add(key)
            places.add(place)
        return hours

    def to_json(self) -> dict[str, object]:
        return {"repeat": self.repeat, "fix": self.fix, "severity": self.severity, "rule": self.rule}


# How a finding can be resolved, in the order reports list them.
RESOLUTIONS = ("automatic", "review a fix", "by hand", "advice")


def resolution_of(diagnostic: Diagnostic) -> str:
    fix = diagnostic.fix
    if fix is not None and fix.applicability == Applicability.SAFE:
        return "automatic"
    if fix is not None and fix.applicability == Applicability.UNSAFE:
        return "review a fix"
    return "advice" if diagnostic.severity == "info" else "by hand"


def _subject(diagnostic: Diagnostic) -> str:
    """What a finding is about: its identifier, else the first `code` its message quotes."""
    identifier = diagnostic.data.get("identifier")
    if identifier:
        return str(identifier)
    parts = diagnostic.message.split("`")
    return parts[1] if len(parts) > 2 else ""


@cache
def load_effort_model() -> EffortModel:
    raw = tomllib.loads((data_dir("rules") / "report" / "effort.toml").read_text(encoding="utf-8"))
    return EffortModel(
        fix={k: float(v) for k, v in raw["fix"].items()},
        severity={k: float(v) for k, v in raw["severity"].items()},
        rule={k: float(v) for k, v in raw.get("rule", {}).items()},
        repeat=float(raw.get("repeat", 0.1)),
    )
