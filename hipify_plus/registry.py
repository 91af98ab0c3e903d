"""The rule registry: rule metadata is data in rules/<family>/HPnnn-<name>.toml.

Detectors (and the translator) refer to rules by id; everything a report shows about a
rule (name, severity, summary, docs) comes from here.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from hipify_plus.data import data_dir

SEVERITIES = ("error", "warning", "info")
FIX_AVAILABILITY = ("never", "sometimes", "always")
# `inactive_code`: "drop" - the lint engine drops the rule's findings in code no pass of an AMD
# build compiles (`#if 0`, the CUDA side of a platform switch, `#ifdef __CUDA_ARCH__`; see
# hipify_plus/cuda/preprocessor.py); "keep" - the rule decides itself (a rule about such guards,
# or a family not moved onto the engine's filter yet).
INACTIVE_CODE = ("drop", "keep")


@dataclass(frozen=True, slots=True)
class Rule:
    id: str
    name: str
    family: str
    severity: str
    summary: str
    fix: str
    docs: str
    fix_applicability: str = "safe"
    inactive_code: str = "keep"


class RuleError(ValueError):
    pass


@cache
def _rule_files() -> dict[str, tuple[str, Path]]:
    """Rule id -> (name, file), from the file names alone (HPnnn-name.toml): cheap enough for
    every run; the TOML itself is parsed only for the rules a run reports."""
    found: dict[str, tuple[str, Path]] = {}
    for path in sorted(data_dir("rules").glob("*/HP*.toml")):
        rule_id, _, name = path.stem.partition("-")
        if rule_id in found:
            raise RuleError(f"{path}: duplicate rule id {rule_id}")
        found[rule_id] = (name, path)
    return found


def _load_rule(path: Path) -> Rule:
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        rule = Rule(
            id=raw["id"],
            name=raw["name"],
            family=raw["family"],
            severity=raw["severity"],
            summary=raw["summary"],
            fix=raw.get("fix", "never"),
            docs=raw["docs"].strip(),
            fix_applicability=raw.get("fix_applicability", "safe"),
            inactive_code=raw.get("inactive_code", "keep"),
        )
    except (KeyError, tomllib.TOMLDecodeError) as exc:
        raise RuleError(f"{path}: {exc}") from exc
    if path.name != f"{rule.id}-{rule.name}.toml":
        raise RuleError(f"{path}: file name must be {rule.id}-{rule.name}.toml")
    return rule


@cache
def get_rule(rule_id: str) -> Rule:
    return _load_rule(_rule_files()[rule_id][1])


@cache
def all_rules() -> dict[str, Rule]:
    return {rule_id: get_rule(rule_id) for rule_id in _rule_files()}


def rule_names() -> dict[str, str]:
    """Rule id -> name, without parsing any rule file."""
    return {rule_id: name for rule_id, (name, _) in _rule_files().items()}


def rule_families() -> dict[str, str]:
    """Rule id -> family (the folder its file sits in), without parsing any rule file."""
    return {rule_id: path.parent.name for rule_id, (_, path) in _rule_files().items()}


def matches(rule_id: str, selectors: list[str] | tuple[str, ...]) -> bool:
    """True if the rule id is selected by any selector: an id, a prefix (HP1), a name or ALL."""
    known = _rule_files().get(rule_id)
    for selector in selectors:
        if selector == "ALL" or rule_id.startswith(selector):
            return True
        if known is not None and selector == known[0]:
            return True
    return False
