"""Invariants over rules/, the detectors and corpus/lint (adding a rule touches three files:
its TOML, its detector, its fixture; these tests say what is missing)."""

from __future__ import annotations

import re

import pytest

from hipify_plus.lint.registry import detectors
from hipify_plus.registry import FIX_AVAILABILITY, SEVERITIES, all_rules
from hipify_plus.testing import load_fixture

from .conftest import ROOT
from .test_lint_corpus import INPUTS, settings_for

FAMILY_PREFIX = {
    "translate": "HP0",
    "compile": "HP7",
    "wavefront": "HP1",
    "launch": "HP2",
    "libraries": "HP3",
    "build": "HP4",
    "portability": "HP5",
    "resources": "HP6",
    "meta": "HP9",
}
NOT_FROM_DETECTORS = {"translate", "resources"}  # emitted by the translator / the resources command
RULES = sorted(all_rules().values(), key=lambda r: r.id)
LINT_RULES = [r for r in RULES if r.family not in NOT_FROM_DETECTORS]


@pytest.mark.parametrize("rule", RULES, ids=lambda r: r.id)
def test_rule_metadata(rule) -> None:
    assert re.fullmatch(r"HP\d{3}", rule.id)
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", rule.name)
    assert rule.id.startswith(FAMILY_PREFIX[rule.family]), f"{rule.id} is not in the {rule.family} range"
    assert rule.severity in SEVERITIES
    assert rule.fix in FIX_AVAILABILITY
    assert rule.fix_applicability in ("safe", "unsafe", "display")
    assert "## What it does" in rule.docs and "## Why it matters on AMD" in rule.docs
    if rule.fix != "never":
        assert "## Fix safety" in rule.docs, "a fixable rule says why its fix is safe or unsafe"


def test_rule_names_are_unique() -> None:
    names = [r.name for r in RULES]
    assert len(names) == len(set(names))


def test_every_emitted_id_exists_and_every_lint_rule_has_a_detector() -> None:
    emitted = {rule_id for item in detectors().all() for rule_id in item.emits}
    assert emitted <= set(all_rules()), f"unknown ids emitted: {sorted(emitted - set(all_rules()))}"
    missing = [r.id for r in LINT_RULES if r.family != "meta" and r.id not in emitted]
    assert not missing, f"rules without a detector: {missing}"


def test_every_lint_rule_has_firing_and_non_firing_fixtures() -> None:
    fires: set[str] = set()
    quiet: set[str] = set()
    for path in INPUTS:
        fixture = load_fixture(path)
        fires |= {rule for _, rule in fixture.expected}
        quiet |= {rule for _, rule in fixture.ok}
    assert not [r.id for r in LINT_RULES if r.id not in fires], "rules with no `expect:` fixture"
    assert not [r.id for r in LINT_RULES if r.id not in quiet], "rules with no `ok:` fixture"


def test_fix_availability_matches_behaviour() -> None:
    from hipify_plus.lint.engine import lint

    seen: dict[str, list[bool]] = {}
    for path in INPUTS:
        fixture = load_fixture(path)
        for d in lint(path.name, path.read_bytes(), settings_for(fixture)).diagnostics:
            seen.setdefault(d.rule, []).append(d.fix is not None)
    for rule_id, fixes in seen.items():
        rule = all_rules()[rule_id]
        if rule.fix == "never":
            assert not any(fixes), f"{rule_id} says fix = never but offers fixes"
        if rule.fix == "always":
            assert all(fixes), f"{rule_id} says fix = always but some findings have no fix"
        if rule.fix == "sometimes":
            assert any(fixes), f"{rule_id} says fix = sometimes but no corpus finding has one"


DETECTORS = "hipify_plus.lint.detectors"
DETECTOR_FAMILIES = sorted({r.family for r in LINT_RULES if r.family != "meta"})  # meta: the engine's own


def test_every_detector_lives_in_its_rule_family() -> None:
    """`--select` imports only the families it names (lint/engine.py `_families`), so a detector
    runs there only from `lint/detectors/<family>.py` or a module of `lint/detectors/<family>/`."""
    from hipify_plus.registry import rule_families

    family_of = rule_families()
    misplaced = []
    for item in detectors().all():
        module = item.function.__module__
        for rule_id in item.emits:
            home = f"{DETECTORS}.{family_of[rule_id]}"
            if module != home and not module.startswith(home + "."):
                misplaced.append(f"{module}.{item.function.__name__} emits {rule_id} (family {family_of[rule_id]})")
    assert not misplaced


@pytest.mark.parametrize("family", DETECTOR_FAMILIES)
def test_one_family_imported_alone_emits_exactly_its_rules(family: str) -> None:
    """In a fresh interpreter (so no other family is imported already), selecting one family
    registers every rule of that family and nothing else."""
    import json
    import subprocess
    import sys

    probe = (
        "import json; from hipify_plus.lint.registry import detectors; "
        f"print(json.dumps(sorted({{r for i in detectors(frozenset({{{family!r}}})).all() for r in i.emits}})))"
    )
    emitted = json.loads(
        subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    )
    assert emitted == sorted(r.id for r in LINT_RULES if r.family == family)


def test_a_rule_in_a_family_package_lives_in_the_module_named_after_it() -> None:
    """In `lint/detectors/<family>/`, HP201's detectors are in `hp201_missing_launch_bounds.py`
    (the stem of rules/launch/HP201-missing-launch-bounds.toml); `_`-prefixed modules hold shared
    code and register nothing."""
    rules = all_rules()
    wrong = []
    for item in detectors().all():
        parts = item.function.__module__.split(".")
        if len(parts) < 5:  # a family that is still one module
            continue
        for rule_id in (r for r in item.emits if r in rules):  # unknown ids: another test
            expected = f"{rule_id.lower()}_{rules[rule_id].name.replace('-', '_')}"
            if parts[4] != expected:
                wrong.append(
                    f"{item.function.__module__}.{item.function.__name__} emits {rule_id}: expected in {expected}.py"
                )
    assert not wrong


# Detector modules still holding a whole family, to be split next into one module per rule like
# launch/, libraries/, portability/ and wavefront/ (drop an entry once it is split).
LONG_DETECTOR_MODULES: set[str] = set()
MAX_DETECTOR_MODULE_LINES = 400


def test_no_detector_module_over_400_lines() -> None:
    from pathlib import Path

    import hipify_plus.lint.detectors as package

    root = Path(package.__file__).parent
    lengths = {
        p.relative_to(root).as_posix(): len(p.read_text(encoding="utf-8").splitlines())
        for p in sorted(root.rglob("*.py"))
    }
    too_long = {p: n for p, n in lengths.items() if n > MAX_DETECTOR_MODULE_LINES and p not in LONG_DETECTOR_MODULES}
    assert not too_long, f"detector modules over {MAX_DETECTOR_MODULE_LINES} lines: {too_long}"
    split = sorted(p for p in LONG_DETECTOR_MODULES if lengths.get(p, 0) <= MAX_DETECTOR_MODULE_LINES)
    assert not split, f"{split} are split or short now: remove them from LONG_DETECTOR_MODULES"


def test_detector_index_is_current() -> None:
    """rules/detector_index.json is what tools/gen_detector_index.py writes from the code now."""
    import importlib.util

    from hipify_plus.data import data_dir
    from hipify_plus.lint.registry import INDEX, _saved_index

    spec = importlib.util.spec_from_file_location("gen_detector_index", ROOT / "tools" / "gen_detector_index.py")
    assert spec is not None and spec.loader is not None
    generator = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(generator)
    saved = (data_dir("rules") / INDEX).read_text(encoding="utf-8")
    assert saved == generator.index_text(), "run: python tools/gen_detector_index.py"
    assert _saved_index() is not None


def test_a_stale_detector_index_imports_everything(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from hipify_plus.lint import registry

    rules = tmp_path / "rules"
    rules.mkdir()
    index = registry.current_index()
    index.pop(next(iter(index)))  # a module added since it was written
    (rules / registry.INDEX).write_text(json.dumps(index), encoding="utf-8")
    monkeypatch.setattr("hipify_plus.data.data_dir", lambda name: tmp_path / name)
    registry._saved_index.cache_clear()
    try:
        assert registry._saved_index() is None
        assert registry.pending_index() is None
        (rules / registry.INDEX).write_text("{", encoding="utf-8")
        registry._saved_index.cache_clear()
        assert registry._saved_index() is None
        assert registry.pending_index() is None
    finally:
        registry._saved_index.cache_clear()
