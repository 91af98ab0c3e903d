"""The work-remaining estimate: engineer-hours per construct, from rules/report/effort.toml.

Each step is stated in the report beside the total:
1. merge: findings on one construct (overlapping spans in one file, where they share a subject or
   one of them is a generic rule such as HP001) count once, as the most specific of them;
2. price: each construct costs its rule's hours, else its resolution's (a single-token fix costs
   minutes); a repeat of an earlier construct (same rule and subject) costs `repeat` of that;
3. build and verify: a build file convert changed costs `build` hours to port and test; every line
   of device code (bodies of __global__/__device__ functions) costs `verify` hours to build, run
   and compare on AMD;
4. bound: a file never costs more than porting it by hand, `per_line` hours per line.
The parameters of 3 and 4 come from three real ports (bench/effort_comparison.md).
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache

from hipify_plus.data import data_dir
from hipify_plus.diagnostics import Diagnostic
from hipify_plus.edits import Applicability, Fix

TOKEN_BYTES = 64  # a single-token edit replaces at most this many bytes, with no space in them


@dataclass(frozen=True)
class Priced:
    """One finding as the model sees it: where it is, how it resolves, and whether its fix is
    one token."""

    diagnostic: Diagnostic
    resolution: str
    single_token: bool = False


@dataclass(frozen=True)
class EffortModel:
    fix: dict[str, float]
    severity: dict[str, float]
    rule: dict[str, float] = field(default_factory=dict)
    repeat: float = 0.1
    per_line: float = 0.0  # hours to port one line by hand: a file's bound (0: no bound)
    build: float = 0.0  # hours to port and test one build file convert changed
    verify: float = 0.0  # hours per line of device code: build, run and compare it on AMD
    day: float = 8.0  # hours in a working day, for the days shown beside the total
    generic: tuple[str, ...] = ()  # rules that name a construct in general terms (HP001 ...)
    sources: tuple[str, ...] = ()  # where the numbers come from, printed with the total

    def base_hours(self, diagnostic: Diagnostic, resolution: str, single_token: bool = False) -> float:
        """What the first finding of its kind costs (see effort.toml for the reasoning): a fix of
        one token costs minutes whatever its rule; else the rule's own cost; else its resolution's."""
        fixed = resolution in ("automatic", "review a fix")
        if fixed and single_token:
            return min(
                self.fix["safe"] if resolution == "automatic" else self.fix.get("token", self.fix["unsafe"]),
                self.rule.get(diagnostic.rule, float("inf")),
            )
        if diagnostic.rule in self.rule:
            return self.rule[diagnostic.rule]
        if resolution == "automatic":
            return self.fix["safe"]
        if resolution == "review a fix":
            return self.fix["unsafe"]
        return self.severity.get(diagnostic.severity, 0.0)

    def merge(self, findings: Sequence[Priced]) -> list[int | None]:
        """For each finding, None if it is the construct's own finding, else the index of the
        finding it is merged into (the most specific one on the same construct)."""
        parent = list(range(len(findings)))

        def root(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        by_path: dict[str, list[int]] = {}
        for index, item in enumerate(findings):
            by_path.setdefault(item.diagnostic.path, []).append(index)
        for indices in by_path.values():
            indices.sort(key=lambda i: (findings[i].diagnostic.start, findings[i].diagnostic.end))
            for position, i in enumerate(indices):
                a = findings[i].diagnostic
                for j in indices[position + 1 :]:
                    b = findings[j].diagnostic
                    if b.start >= max(a.end, a.start + 1) and b.line > a.end_line:
                        break
                    if self._same_construct(a, b):
                        parent[root(j)] = root(i)
        groups: dict[int, list[int]] = {}
        for index in range(len(findings)):
            groups.setdefault(root(index), []).append(index)
        into: list[int | None] = [None] * len(findings)
        for members in groups.values():
            if len(members) == 1:
                continue
            keep = max(members, key=lambda i: self._specificity(findings[i], i))
            for index in members:
                if index != keep:
                    into[index] = keep
        return into

    def _same_construct(self, a: Diagnostic, b: Diagnostic) -> bool:
        overlap = a.start < max(b.end, b.start + 1) and b.start < max(a.end, a.start + 1)
        same_line_subject = a.line == b.line and _subject(a) and _subject(a) == _subject(b)
        if not overlap:
            return bool(same_line_subject)
        if same_line_subject or a.rule in self.generic or b.rule in self.generic:
            return True
        # one span, two rules: one construct; one rule twice on one span (a build line's flags)
        # with different subjects: two
        return (a.start, a.end) == (b.start, b.end) and (a.rule != b.rule or a.message == b.message)

    def _specificity(self, item: Priced, index: int) -> tuple[int, int, int, int]:
        d = item.diagnostic
        return (
            d.rule not in self.generic,
            item.resolution in ("automatic", "review a fix"),
            -(d.end - d.start),
            -index,
        )

    def hours(self, findings: Iterable[Priced | tuple[Diagnostic, str]]) -> list[float]:
        """Hours per finding, in order: a finding merged into another costs nothing; a repeat of
        an earlier construct (same rule, and the same identifier or, without one, the same
        message) costs `repeat` times its base: the first is the work, the others follow it."""
        items = [f if isinstance(f, Priced) else Priced(*f) for f in findings]
        into = self.merge(items)
        seen: set[tuple[str, str]] = set()
        hours = []
        for item, merged in zip(items, into, strict=True):
            diagnostic = item.diagnostic
            if merged is not None:
                hours.append(0.0)
                continue
            key = (diagnostic.rule, _subject(diagnostic) or diagnostic.message)
            base = self.base_hours(diagnostic, item.resolution, item.single_token)
            hours.append(base * (self.repeat if key in seen else 1.0))
            seen.add(key)
        return hours

    def bound(self, lines: int) -> float | None:
        """The most a file of `lines` lines can cost: rewriting it by hand (None: no bound)."""
        return lines * self.per_line if self.per_line > 0 else None

    def to_json(self) -> dict[str, object]:
        return {
            "repeat": self.repeat,
            "fix": self.fix,
            "severity": self.severity,
            "rule": self.rule,
            "per_line": self.per_line,
            "build": self.build,
            "verify": self.verify,
            "day": self.day,
            "generic": list(self.generic),
            "sources": list(self.sources),
        }


# How a finding can be resolved, in the order reports list them.
RESOLUTIONS = ("automatic", "review a fix", "by hand", "advice")


def resolution_of(diagnostic: Diagnostic) -> str:
    fix = diagnostic.fix
    if fix is not None and fix.applicability == Applicability.SAFE:
        return "automatic"
    if fix is not None and fix.applicability == Applicability.UNSAFE:
        return "review a fix"
    return "advice" if diagnostic.severity == "info" else "by hand"


def single_token(fix: Fix | None, data: bytes | None = None) -> bool:
    """A fix of one edit that replaces one token (no space in what it replaces or writes, at most
    TOKEN_BYTES of it): a rename or a changed constant, minutes of work."""
    if fix is None or len(fix.edits) != 1:
        return False
    edit = fix.edits[0]
    if edit.end - edit.start > TOKEN_BYTES or len(edit.text) > TOKEN_BYTES or any(c in edit.text for c in b" \t\r\n"):
        return False
    return data is None or not any(c in data[edit.start : edit.end] for c in b" \t\r\n")


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
    bound = raw.get("bound", {})
    return EffortModel(
        fix={k: float(v) for k, v in raw["fix"].items()},
        severity={k: float(v) for k, v in raw["severity"].items()},
        rule={k: float(v) for k, v in raw.get("rule", {}).items()},
        repeat=float(raw.get("repeat", 0.1)),
        per_line=float(bound.get("per_line", 0.0)),
        build=float(raw.get("build", {}).get("per_file", 0.0)),
        verify=float(raw.get("verify", {}).get("per_device_line", 0.0)),
        day=float(raw.get("day", 8.0)),
        generic=tuple(raw.get("generic", ())),
        sources=tuple(raw.get("sources", ())),
    )
