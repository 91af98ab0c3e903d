"""The rule registry: rule metadata is data in rules/<family>/HPnnn-<name>.toml.

Detectors (and the translator) refer to rules by id; everything a report shows about a
rule (name, severity, summary, docs) comes from here.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache

from hipify_plus.data import data_dir

SEVERITIES = ("error", "warning", "info")
FIX_AVAILABILITY = ("never", "sometimes", "always")


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


class RuleError(ValueError):
    pass


@cache
def all_rules() -> dict[str, Rule]:
    rules: dict[str, Rule] = {}
    for path in sorted(data_dir("rules").glob("*/HP*.toml")):
        try:
            raw = tomllib.loads(path.read_text(encoding="utf-8"))
            rule = Rule(
                id=raw["id"], name=raw["name"], family=raw["family"], severity=raw["severity"],
                summary=raw["summary"], fix=raw.get("fix", "never"), docs=raw["docs"].strip(),
                fix_applicability=raw.get("fix_applicability", "safe"),
            )
        except (KeyError, tomllib.TOMLDecodeError) as exc:
            raise RuleError(f"{path}: {exc}") from exc
        if not path.name.startswith(f"{rule.id}-{rule.name}"):
            raise RuleError(f"{path}: file name must be {rule.id}-{rule.name}.toml")
        if rule.id in rules:
            raise RuleError(f"{path}: duplicate rule id {rule.id}")
        rules[rule.id] = rule
    return rules


def get_rule(rule_id: str) -> Rule:
    return all_rules()[rule_id]


def matches(rule_id: str, selectors: list[str] | tuple[str, ...]) -> bool:
    """True if the rule id is selected by any selector: an id, a prefix (HP1), a name or ALL."""
    rule = all_rules().get(rule_id)
    for selector in selectors:
        if selector == "ALL" or rule_id.startswith(selector):
            return True
        if rule is not None and selector == rule.name:
            return True
    return False
