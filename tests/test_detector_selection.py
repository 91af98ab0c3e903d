"""Selecting exact rule ids (what convert does per file) imports only those rules' detector
modules (lint/registry.py `detectors(families, rules)`): that is right only while each module
hpNNN_*.py of a family package registers HPNNN's detectors and nothing else, checked here, and
the narrowed index must hold the same detectors as the full one filtered by those rules."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from hipify_plus.lint.registry import Detectors, detectors

ROOT = Path(__file__).resolve().parent.parent
_RULE_MODULE = re.compile(r"\.hp(\d+)_\w+$")


def test_each_rule_module_registers_only_its_own_rule() -> None:
    wrong = []
    for item in detectors().all():
        module = item.function.__module__.rsplit(".", 1)[-1]
        rule = re.match(r"hp(\d+)_", module)
        if rule is not None and set(item.emits) != {f"HP{rule[1]}"}:
            wrong.append(f"{item.function.__module__}.{item.function.__name__} emits {item.emits}")
    assert not wrong


def _rows(index: Detectors, wanted: set[str] | None = None) -> list[list[str]]:
    """(node type or kind, module, function) of every detector of the index that emits one of
    `wanted` (all when None), sorted."""
    groups = [*index.by_node_type.items(), ("file", index.files), ("build", index.builds)]
    return sorted(
        [where, i.function.__module__, i.function.__name__]
        for where, items in groups
        for i in items
        if wanted is None or wanted & set(i.emits)
    )


@pytest.mark.parametrize("rules", [("HP503", "HP510"), ("HP703",), ("HP106", "HP323", "HP709"), ("HP402",)])
def test_narrowed_index_holds_the_rules_detectors(rules: tuple[str, ...]) -> None:
    """In a fresh interpreter (nothing imported before), the narrowed index has exactly the
    detectors of the full index that emit one of the rules, by node type and kind, and no
    other rule's module is imported."""
    probe = (
        "import json, sys\n"
        "from hipify_plus.lint.engine import _detectors_for\n"
        "from tests.test_detector_selection import _rows\n"
        f"rows = _rows(_detectors_for({rules!r}))\n"
        "modules = sorted(m for m in sys.modules if m.startswith('hipify_plus.lint.detectors.'))\n"
        "print(json.dumps({'modules': modules, 'index': rows}))\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, cwd=ROOT)
    got = json.loads(done.stdout)
    wanted = set(rules)
    assert got["index"] == _rows(detectors(), wanted)
    imported = {f"HP{found[1]}" for m in got["modules"] if (found := _RULE_MODULE.search(m))}
    assert imported <= wanted
