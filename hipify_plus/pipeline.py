"""One source file through conversion: rename it (translate/engine.py), then apply the rewrites
of rules/convert.toml, the linter's safe fixes that renamed code needs to compile or to be
right, and put every finding back on the input's own bytes.

The translator never calls the linter; this module joins them. Positions are mapped through the
exact edits of each step (`PositionMap`), never through a diff.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, replace
from functools import cache, cached_property, lru_cache

from hipify_plus.data import data_dir
from hipify_plus.diagnostics import Diagnostic
from hipify_plus.edits import Applicability, Edit, PositionMap
from hipify_plus.filekinds import file_kind
from hipify_plus.lexer import device_bodies
from hipify_plus.mappings import MappingTable
from hipify_plus.parse import reparse
from hipify_plus.positions import place_back
from hipify_plus.regex_literals import Clauses, LiteralSet, TextLiterals, literal_first, may_match, required_literals
from hipify_plus.registry import rule_names
from hipify_plus.source import SourceFile
from hipify_plus.translate.engine import TranslateOptions, TranslationResult, rename


@dataclass(frozen=True)
class ConvertRule:
    """A lint rule whose safe fixes convert applies, and when it is worth running."""

    rule: str
    name: str
    # each trigger's pattern, with the literals any match of it contains (hipify_plus/regex_literals.py)
    parts: tuple[tuple[bytes, Clauses], ...]
    device_only: bool = False  # `scope = "device"`: a trigger counts inside device function bodies only
    requires: tuple[bytes, ...] = ()  # `requires = [...]`: substrings the text must all contain too

    @cached_property
    def gate(self) -> frozenset[bytes] | None:
        """Literals of which a text must hold one for any trigger to match: each trigger's first
        (most selective) clause, joined; None when a trigger names no fixed text."""
        literals: set[bytes] = set()
        for _, clauses in self.parts:
            if not clauses:
                return None
            literals |= clauses[0]
        return frozenset(literals)

    def wanted(self, text: bytes, literals: TextLiterals | None = None) -> bool:
        """Whether `text` matches a trigger (as one pattern of them all would say): per trigger, a
        substring check first and the pattern only where the check passes; with `device_only`,
        a match must lie in one of `device_bodies(text)`. `literals`: the substring checks of
        every rule asked of this text, shared."""
        present = literals if literals is not None else TextLiterals(text)
        if not all(literal in present for literal in self.requires):
            return False
        if not self.device_only:
            return any(
                may_match(clauses, present) and _compiled(t).search(text) is not None for t, clauses in self.parts
            )
        possible = [
            (_compiled(t), clauses[0] if clauses else ()) for t, clauses in self.parts if may_match(clauses, present)
        ]
        if not possible:
            return False
        bodies = _device_bodies(text)
        find = text.find
        for pattern, first in possible:  # a match of one trigger inside one body
            for start, end in bodies:
                if first and all(find(literal, start, end) < 0 for literal in first):
                    continue  # no match of the part can lie in this body
                if pattern.search(text, start, end) is not None:
                    return True
        return False


@cache
def _compiled(trigger: bytes) -> re.Pattern[bytes]:
    return re.compile(literal_first(trigger))


# the device-scoped rules ask of the same text in turn (bytes hash once, then the hash is kept)
_device_bodies = lru_cache(maxsize=2)(device_bodies)


@cache
def convert_rules() -> tuple[ConvertRule, ...]:
    raw = tomllib.loads((data_dir("rules") / "convert.toml").read_text(encoding="utf-8"))
    names = rule_names()
    rules = []
    for rule, entry in raw.items():
        triggers = [t.encode() for t in entry["triggers"]]
        parts = tuple((t, required_literals(t)) for t in triggers)
        scope = entry.get("scope", "any")
        if scope not in ("any", "device"):
            raise ValueError(f"rules/convert.toml [{rule}]: scope must be 'any' or 'device', not {scope!r}")
        rules.append(
            ConvertRule(
                rule,
                names[rule],
                parts,
                device_only=scope == "device",
                requires=tuple(r.encode() for r in entry.get("requires", ())),
            )
        )
    return tuple(rules)


@cache
def _gate_literals() -> LiteralSet:
    return LiteralSet({lit for rule in convert_rules() for lit in rule.gate or ()})


def wanted_rewrites(text: bytes, disabled: frozenset[str] = frozenset()) -> tuple[str, ...]:
    """The rewrites whose triggers `text` matches, in rules/convert.toml's order. The rules'
    gates are looked up in the text in one pass first: most files hold none of most rules'
    gates, and those rules are not asked further."""
    literals = TextLiterals(text)
    present = literals.present(_gate_literals())
    return tuple(
        r.rule
        for r in convert_rules()
        if r.rule not in disabled and (r.gate is None or not r.gate.isdisjoint(present)) and r.wanted(text, literals)
    )


def resolve_rewrites(selectors: list[str] | tuple[str, ...]) -> frozenset[str]:
    """Rule ids for `--no-rewrite` values (names or ids); ValueError naming an unknown one."""
    known = {r.name: r.rule for r in convert_rules()}
    ids = set(known.values())
    chosen = set()
    for selector in selectors:
        rule = known.get(selector) or (selector if selector in ids else None)
        if rule is None:
            raise ValueError(f"--no-rewrite {selector!r}: no such rewrite (known: {', '.join(sorted(known))})")
        chosen.add(rule)
    return frozenset(chosen)


def translate(
    source: SourceFile,
    options: TranslateOptions,
    project_names: frozenset[str] | set[str] = frozenset(),
    table: MappingTable | None = None,
) -> TranslationResult:
    """Convert one file: renames, then the rewrites its renamed text calls for."""
    renamed = rename(source, options, project_names, table)
    output = renamed.output
    wanted = wanted_rewrites(output, options.disabled_rewrites)
    if not wanted:
        return renamed
    from hipify_plus.lint.engine import lint_and_fix  # imported only for files that need it
    from hipify_plus.lint.settings import LintSettings

    settings = LintSettings(
        select=wanted,
        target_rocm=options.rocm_version,
        arches=options.offload_arch,
        converted=True,
        roc=options.roc,
        project_macros=frozenset(project_names),
        library_releases=options.library_releases,
    )
    # from a copy: the input's own parse stays as it was, for whoever reads the result's `tree`
    tree = reparse(renamed.tree.copy(), source.data, output, renamed.edits) if renamed.tree is not None else None
    outcome = lint_and_fix(_as_source_path(source.path), output, settings, Applicability.SAFE, tree)
    positions = PositionMap.of_rounds([renamed.edits, *outcome.edits])
    placed = [place_back(d, positions, source) for d in outcome.result.diagnostics]
    replaced = _replaced_ranges(renamed.edits, outcome.edits)
    kept = [d for d in renamed.diagnostics if not _superseded(d, replaced)]
    diagnostics = sorted([*kept, *placed], key=lambda d: (d.start, d.rule))
    return replace(
        renamed, output=outcome.data, diagnostics=diagnostics, fixed=dict(outcome.fixed), positions=positions
    )


# The renamer's findings about a name (no HIP counterpart, or not at the target release) that a
# rewrite then replaced together with the code around it: the name is gone from the output.
_NAME_FINDINGS = frozenset({"HP001", "HP002", "HP005", "HP006", "HP008"})


def _replaced_ranges(renames: list[Edit], rounds: list[list[Edit]]) -> list[tuple[int, int]]:
    """The input's byte ranges that the rewrites' edits replaced (insertions left out)."""
    positions = PositionMap.of_rounds([renames])
    ranges = []
    for edits in rounds:
        ranges += [(positions.back(e.start), positions.back(e.end)) for e in edits if e.end > e.start]
        positions = positions.then(PositionMap.of_rounds([edits]))
    return ranges


def _superseded(diagnostic: Diagnostic, replaced: list[tuple[int, int]]) -> bool:
    return diagnostic.rule in _NAME_FINDINGS and any(
        start <= diagnostic.start and diagnostic.end <= end for start, end in replaced
    )


def _as_source_path(path: str) -> str:
    """The linter picks what to run by file name: a header without a C/C++ suffix is a source."""
    return path if file_kind(path) == "source" else path + ".cu"
