"""Translating nvcc command-line flags to hipcc, from rules/mappings/nvcc_flags.tsv."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from hipify_plus.data import data_dir

# A flag token: quoted strings and $(make) / ${cmake} references stay whole.
_TOKEN = re.compile(r"""(?:"(?:[^"\\]|\\.)*"|'[^']*'|\$\([^)]*\)|\$\{[^}]*\}|[^\s"'])+""")
_LIST_TOKEN = re.compile(r"""(?:\$\{[^}]*\}|[^\s;"'])+""")  # CMake lists: ';' separates too


_VALUES = frozenset({"none", "joined", "separate", "either"})
_ACTIONS = frozenset({"replace", "arch", "unwrap", "drop", "language", "keep"})
_TRAITS = frozenset({"pass-through", "nvidia-targets", "amd-targets"})
_LINT_RULE = re.compile(r"HP4\d\d")


@dataclass(frozen=True)
class FlagRule:
    """One row of nvcc_flags.tsv (its header comment documents the columns)."""

    flag: str
    value: str  # none | joined | separate | either
    action: str  # replace | arch | unwrap | drop | language | keep (convert leaves it as written)
    replacement: str
    note: str
    rule: str = ""  # the lint rule reporting the flag (HP401..HP411); "" for none
    traits: frozenset[str] = frozenset()  # pass-through | nvidia-targets | amd-targets

    @property
    def takes_value(self) -> bool:
        """Whether the next word may be its value (`-arch sm_80`)."""
        return self.value in ("separate", "either")


def _table_row(header: list[str], line: str) -> FlagRule:
    cells = line.split("\t")
    row = dict(zip(header, cells + [""] * (len(header) - len(cells)), strict=False))
    traits = frozenset(t.strip() for t in row.get("traits", "").split(",") if t.strip())
    rule = FlagRule(
        row["flag"], row["value"], row["action"], row["replacement"], row["note"], row.get("rule", ""), traits
    )
    problems = _unknown_cells(rule)
    if problems:
        raise ValueError(f"nvcc_flags.tsv, {rule.flag}: unknown {', '.join(problems)}")
    return rule


def _unknown_cells(rule: FlagRule) -> list[str]:
    """Cells outside the vocabulary the header comment documents (a typo would lose a check)."""
    problems = [f"trait {t!r}" for t in sorted(rule.traits - _TRAITS)]
    if rule.value not in _VALUES:
        problems.append(f"value {rule.value!r}")
    if rule.action not in _ACTIONS:
        problems.append(f"action {rule.action!r}")
    if rule.rule and not _LINT_RULE.fullmatch(rule.rule):
        problems.append(f"rule {rule.rule!r}")
    return problems


@cache
def flag_table() -> dict[str, FlagRule]:
    """Every row of rules/mappings/nvcc_flags.tsv, by flag: for convert and for lint (HP4xx)."""
    rules: dict[str, FlagRule] = {}
    header: list[str] | None = None
    for line in (data_dir("rules") / "mappings" / "nvcc_flags.tsv").read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        if header is None:
            header = line.split("\t")
            continue
        rule = _table_row(header, line)
        if rule.flag in rules:
            raise ValueError(f"nvcc_flags.tsv: {rule.flag} is listed twice")
        rules[rule.flag] = rule
    return rules


@cache
def flag_rules() -> dict[str, FlagRule]:
    """The flags convert rewrites: `keep` rows (flags only lint knows) are left out, so convert
    neither changes them nor takes their value."""
    return {flag: rule for flag, rule in flag_table().items() if rule.action != "keep"}


@dataclass
class FlagTranslation:
    text: str
    notes: list[tuple[str, str]] = field(default_factory=list)  # (original flag, note)
    changed: bool = False


def _match(token: str) -> tuple[FlagRule, str | None] | None:
    """The rule for a token and its joined value (`-arch=sm_80` -> value `sm_80`)."""
    rules = flag_rules()
    if token in rules:
        return rules[token], None
    if "=" in token:
        name, value = token.split("=", 1)
        rule = rules.get(name)
        if rule is not None and rule.value in ("joined", "either"):
            return rule, value
    return None


def translate_flags(
    text: str, arches: tuple[str, ...], arch_done: bool = False, cmake_list: bool = False
) -> FlagTranslation:
    """Rewrite nvcc flags in a command line or flag list; other words are kept as written.
    `cmake_list`: the text is a CMake list value, where ';' also separates flags."""
    pattern = _LIST_TOKEN if cmake_list else _TOKEN
    tokens = [(m.start(), m.end(), m.group()) for m in pattern.finditer(text)]
    out: list[str] = []
    position = 0
    notes: list[tuple[str, str]] = []
    changed = False
    index = 0
    while index < len(tokens):
        start, end, token = tokens[index]
        bare = token.strip("\"'")
        found = _match(bare)
        if found is None:
            index += 1
            continue
        rule, value = found
        consumed_end = end
        original = token
        if value is None and rule.value in ("separate", "either") and index + 1 < len(tokens):
            value = tokens[index + 1][2].strip("\"'")
            consumed_end = tokens[index + 1][1]
            original = text[start:consumed_end]
            index += 1
        index += 1
        replacement = ""
        if rule.action == "arch":
            if not arch_done:
                replacement = " ".join(f"--offload-arch={a}" for a in arches)
                arch_done = True
        elif rule.action == "language":  # -x cu -> -x hip; other languages stay
            replacement = f"{rule.flag} hip" if (value or "") in ("cu", "cuda") else original
        elif rule.action == "unwrap":
            replacement = " ".join(v for v in (value or "").split(",") if v)
        elif rule.action == "replace":
            if rule.flag in ("-rdc", "--relocatable-device-code") and (value or "true").lower() in ("false", "0"):
                replacement = ""
            else:
                replacement = rule.replacement.replace("{value}", value or "")
        if rule.note and replacement != original:
            notes.append((original, rule.note))
        out.append(text[position:start])
        out.append(replacement)
        position = consumed_end
        # swallow one separating space so removed flags leave no double gap
        if (
            not replacement
            and position < len(text)
            and text[position] in " ;"
            and (not out[-2] or out[-2].endswith((" ", ";")))
        ):
            position += 1
        changed = True
    out.append(text[position:])
    result = "".join(out)
    if text == text.rstrip(" ;"):
        result = result.rstrip(" ;")
    if cmake_list:
        result = re.sub(r"(?<=\S) (?=\S)", ";", result) if ";" in text else result
    return FlagTranslation(result, notes, changed)
