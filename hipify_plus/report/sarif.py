"""SARIF 2.1.0, with rule metadata (names, summaries, docs, default levels) from rules/."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from hipify_plus import __version__
from hipify_plus.diagnostics import Diagnostic
from hipify_plus.registry import get_rule

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def sarif_document(diagnostics: Sequence[Diagnostic]) -> dict[str, Any]:
    used = sorted({d.rule for d in diagnostics})
    rules = {rule_id: get_rule(rule_id) for rule_id in used}
    index = {rule_id: i for i, rule_id in enumerate(used)}
    descriptors = []
    for rule_id in used:
        rule = rules[rule_id]
        descriptors.append({
            "id": rule.id,
            "name": rule.name,
            "shortDescription": {"text": rule.summary},
            "fullDescription": {"text": rule.summary},
            "help": {"text": rule.docs, "markdown": rule.docs},
            "defaultConfiguration": {"level": _LEVEL[rule.severity]},
            "properties": {"family": rule.family, "fix": rule.fix},
        })
    results = []
    for d in sorted(diagnostics, key=lambda d: (d.path, d.line, d.column, d.rule)):
        result: dict[str, Any] = {
            "ruleId": d.rule,
            "ruleIndex": index[d.rule],
            "level": _LEVEL[d.severity],
            "message": {"text": d.message},
            "locations": [{
                "physicalLocation": {
                    "artifactLocation": {"uri": Path(d.path).as_posix()},
                    "region": {"startLine": d.line, "startColumn": d.column,
                               "endLine": d.end_line, "endColumn": max(d.end_column, 1)},
                }
            }],
        }
        if d.fix is not None:
            result["properties"] = {"fix": {"title": d.fix.title, "applicability": d.fix.applicability.name.lower()}}
        results.append(result)
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "hipify-plus",
                "version": __version__,
                "informationUri": "https://pypi.org/project/hipify-plus/",
                "rules": descriptors,
            }},
            "results": results,
            "columnKind": "unicodeCodePoints",
        }],
    }


def write_sarif(diagnostics: Sequence[Diagnostic], out: TextIO) -> None:
    json.dump(sarif_document(diagnostics), out, indent=2)
    out.write("\n")
