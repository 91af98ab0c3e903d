"""`hipify-plus dev new-rule` writes the three files a rule needs, in the shape the registry tests
and the corpus harness expect, and never overwrites anything."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

from hipify_plus.commands.dev import new_rule
from hipify_plus.testing import load_fixture


def _checkout(root: Path, family: str) -> None:
    package = root / "hipify_plus" / "lint" / "detectors" / family
    package.mkdir(parents=True)
    (package / "__init__.py").write_text('"""A family."""\n')


def test_new_rule_writes_toml_module_and_fixture(tmp_path: Path, capsys) -> None:
    _checkout(tmp_path, "wavefront")
    assert new_rule("HP199", "warp-size-in-shared-array", "wavefront", tmp_path) == 0
    toml = tmp_path / "rules" / "wavefront" / "HP199-warp-size-in-shared-array.toml"
    raw = tomllib.loads(toml.read_text())
    assert (raw["id"], raw["name"], raw["family"]) == ("HP199", "warp-size-in-shared-array", "wavefront")
    assert "## What it does" in raw["docs"] and "## Why it matters on AMD" in raw["docs"]
    module = tmp_path / "hipify_plus/lint/detectors/wavefront/hp199_warp_size_in_shared_array.py"
    tree = ast.parse(module.read_text())
    functions = [n.name for n in tree.body if isinstance(n, ast.FunctionDef)]
    assert functions == ["warp_size_in_shared_array"]
    assert 'emits=("HP199",)' in module.read_text()
    fixture = load_fixture(tmp_path / "corpus/lint/wavefront/HP199_warp_size_in_shared_array.cu")
    assert {rule for _, rule in fixture.expected} == {"HP199"}
    assert {rule for _, rule in fixture.ok} == {"HP199"}


def test_new_rule_refuses_bad_ids_names_families_and_existing_files(tmp_path: Path, capsys) -> None:
    _checkout(tmp_path, "launch")
    assert new_rule("HP2", "x", "launch", tmp_path) == 2
    assert new_rule("HP299", "Not_A_Name", "launch", tmp_path) == 2
    assert new_rule("HP299", "fine-name", "nosuch", tmp_path) == 2
    assert new_rule("HP199", "fine-name", "launch", tmp_path) == 2  # HP1 is wavefront's range
    assert new_rule("HP201", "taken", "launch", tmp_path) == 2  # an existing rule id
    assert not (tmp_path / "rules").exists()
    assert new_rule("HP299", "fine-name", "launch", tmp_path) == 0
    before = (tmp_path / "rules/launch/HP299-fine-name.toml").read_bytes()
    assert new_rule("HP298", "fine-name", "launch", tmp_path) == 0  # another id, other files
    (tmp_path / "corpus/lint/launch/HP297_other.cu").write_text("// mine\n")
    assert new_rule("HP297", "other", "launch", tmp_path) == 2
    assert not (tmp_path / "rules/launch/HP297-other.toml").exists()
    assert (tmp_path / "rules/launch/HP299-fine-name.toml").read_bytes() == before
