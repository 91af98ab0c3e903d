"""Baselines: accept today's findings, fail only on new ones.

A finding is identified by its file, its rule and the text of its line (whitespace-trimmed),
not by its line number, so edits elsewhere in the file do not turn old findings into new ones.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from hipify_plus.diagnostics import Diagnostic
from hipify_plus.fsutil import write_atomic
from hipify_plus.source import SourceFile

FORMAT = "hipify-plus-baseline/1"


class BaselineError(ValueError):
    pass


def _key(diagnostic: Diagnostic, sources: dict[str, bytes]) -> tuple[str, str, str]:
    data = sources.get(diagnostic.path, b"")
    line = SourceFile(diagnostic.path, data).line_text(diagnostic.line).strip() if data else ""
    digest = hashlib.sha1(line.encode("utf-8", "surrogateescape")).hexdigest()[:16]
    return Path(diagnostic.path).as_posix(), diagnostic.rule, digest


@dataclass
class Baseline:
    entries: Counter[tuple[str, str, str]] = field(default_factory=Counter)

    @classmethod
    def from_diagnostics(cls, diagnostics: list[Diagnostic], sources: dict[str, bytes]) -> Baseline:
        return cls(Counter(_key(d, sources) for d in diagnostics))

    @classmethod
    def load(cls, path: Path) -> Baseline:
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError as exc:
            raise BaselineError(f"{path}: baseline not found (create it with --write-baseline)") from exc
        except (OSError, ValueError) as exc:
            raise BaselineError(f"{path}: not a hipify-plus baseline: {exc}") from exc
        if not isinstance(raw, dict) or raw.get("format") != FORMAT or not isinstance(raw.get("findings"), list):
            raise BaselineError(f"{path}: not a hipify-plus baseline (format {FORMAT})")
        entries: Counter[tuple[str, str, str]] = Counter()
        for item in raw["findings"]:
            try:
                entries[(item["path"], item["rule"], item["line_hash"])] += int(item.get("count", 1))
            except (KeyError, TypeError, ValueError) as exc:
                raise BaselineError(f"{path}: malformed entry {item!r}") from exc
        return cls(entries)

    def save(self, path: Path) -> None:
        findings = [{"path": p, "rule": r, "line_hash": h, "count": n} for (p, r, h), n in sorted(self.entries.items())]
        write_atomic(path, (json.dumps({"format": FORMAT, "findings": findings}, indent=2) + "\n").encode())

    def new_findings(self, diagnostics: list[Diagnostic], sources: dict[str, bytes]) -> list[Diagnostic]:
        left = Counter(self.entries)
        fresh = []
        for diagnostic in diagnostics:
            key = _key(diagnostic, sources)
            if left[key] > 0:
                left[key] -= 1
            else:
                fresh.append(diagnostic)
        return fresh
