"""Suppression comments.

    foo();  // hipify-plus: ignore[HP103]          this line
    // hipify-plus: ignore[HP103, HP105]             alone on a line: the next line
    // hipify-plus: ignore-file[HP1]                 the whole file (ids, prefixes or names)
    FLAGS += -maxrregcount=64  # hipify-plus: ignore[HP401]   (build files)

`ignore` without a list suppresses every rule on that line. A suppression that suppresses
nothing is reported (HP901), as is one naming an unknown rule (HP902).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from hipify_plus.diagnostics import Diagnostic
from hipify_plus.registry import rule_names
from hipify_plus.source import SourceFile

DIRECTIVE = re.compile(r"hipify-plus:\s*(ignore-file|ignore)\b(?:\[([^\]]*)\])?")


@dataclass
class Suppression:
    start: int  # byte range of the directive, for reporting
    end: int
    file_level: bool
    codes: tuple[str, ...]  # empty: every rule
    line: int  # the line it applies to (0 for file level)
    used: set[str] = field(default_factory=set)

    def covers(self, rule_id: str, name: str) -> str | None:
        """The selector that covers this rule, or None."""
        if not self.codes:
            return "*"
        for code in self.codes:
            if rule_id.startswith(code) or code == name:
                return code
        return None


def parse_suppressions(source: SourceFile, comments: list[tuple[int, int]]) -> list[Suppression]:
    """Suppressions in the given comment ranges (tree-sitter comment nodes, or # comments)."""
    found: list[Suppression] = []
    data = source.data
    for start, end in comments:
        text = data[start:end].decode("utf-8", "replace")
        for match in DIRECTIVE.finditer(text):
            codes = tuple(c.strip() for c in (match.group(2) or "").split(",") if c.strip())
            file_level = match.group(1) == "ignore-file"
            line, _ = source.position(start)
            line_start = source.line_starts[line - 1]
            alone = data[line_start:start].strip() == b""
            target = 0 if file_level else (line + 1 if alone else line)
            found.append(Suppression(start + match.start(), start + match.end(), file_level, codes, target))
    return found


def apply_suppressions(diagnostics: list[Diagnostic], suppressions: list[Suppression]) -> list[Diagnostic]:
    kept = []
    for diagnostic in diagnostics:
        suppressed = False
        for suppression in suppressions:
            if suppression.file_level or suppression.line == diagnostic.line:
                code = suppression.covers(diagnostic.rule, diagnostic.name)
                if code is not None:
                    suppression.used.add(code)
                    suppressed = True
        if not suppressed:
            kept.append(diagnostic)
    return kept


def unknown_codes(suppression: Suppression) -> list[str]:
    rules = rule_names()
    names = set(rules.values())
    return [c for c in suppression.codes if c not in names and not any(r.startswith(c) for r in rules)]
