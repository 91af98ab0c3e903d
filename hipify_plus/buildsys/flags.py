"""Translating nvcc command-line flags to hipcc, from rules/mappings/nvcc_flags.tsv."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from hipify_plus.data import data_dir

# A flag token: quoted strings and $(make) / ${cmake} references stay whole.
_TOKEN = re.compile(r"""(?:"(?:[^"\\]|\\.)*"|'[^']*'|\$\([^)]*\)|\$\{[^}]*\}|[^\s"'])+""")
_LIST_TOKEN = re.compile(r"""(?:\$\{[^}]*\}|[^\s;"'])+""")  # CMake lists: ';' separates too


@dataclass(frozen=True)
class FlagRule:
    flag: str
    value: str  # none | joined | separate | either
    action: str  # replace | arch | unwrap | drop
    replacement: str
    note: str


@cache
def flag_rules() -> dict[str, FlagRule]:
    rules: dict[str, FlagRule] = {}
    header: list[str] | None = None
    for line in (data_dir("rules") / "mappings" / "nvcc_flags.tsv").read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        cells = line.split("\t")
        if header is None:
            header = cells
            continue
        row = dict(zip(header, cells + [""] * (len(header) - len(cells))))
        rules[row["flag"]] = FlagRule(row["flag"], row["value"], row["action"], row["replacement"], row["note"])
    return rules


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
        if not replacement:  # swallow one separating space so removed flags leave no double gap
            if position < len(text) and text[position] in " ;" and (not out[-2] or out[-2].endswith((" ", ";"))):
                position += 1
        changed = True
    out.append(text[position:])
    result = "".join(out)
    if text == text.rstrip(" ;"):
        result = result.rstrip(" ;")
    if cmake_list:
        result = re.sub(r"(?<=\S) (?=\S)", ";", result) if ";" in text else result
    return FlagTranslation(result, notes, changed)
