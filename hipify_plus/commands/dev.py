"""`hipify-plus dev new-rule HPnnn name --family F`: the three files a new lint rule needs (its
TOML, its detector module, its corpus fixture), written from templates/dev/ and never over an
existing file."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from hipify_plus.commands.exits import EXIT_CLEAN, usage_error
from hipify_plus.data import data_dir
from hipify_plus.fsutil import write_atomic
from hipify_plus.registry import rule_names
from hipify_plus.templates import render

FAMILY_PREFIX = {
    "translate": "HP0",
    "wavefront": "HP1",
    "launch": "HP2",
    "libraries": "HP3",
    "build": "HP4",
    "portability": "HP5",
    "resources": "HP6",
    "compile": "HP7",
    "meta": "HP9",
}


def new_rule(rule_id: str, name: str, family: str, root: Path) -> int:
    """Write the rule's files under `root` (a checkout: rules/, hipify_plus/, corpus/)."""
    rule_id = rule_id.upper()
    if not re.fullmatch(r"HP\d{3}", rule_id):
        return usage_error(f"{rule_id!r} is not a rule id such as HP114")
    if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", name):
        return usage_error(f"{name!r} is not a rule name such as warp-size-in-shared-array (lowercase, dashes)")
    prefix = FAMILY_PREFIX.get(family)
    if prefix is None:
        return usage_error(f"--family {family!r}: one of {', '.join(FAMILY_PREFIX)}")
    if not rule_id.startswith(prefix):
        return usage_error(f"{rule_id} is outside the {family} family's range ({prefix}nn)")
    if rule_id in rule_names():
        return usage_error(f"{rule_id} exists already ({rule_names()[rule_id]})")
    package = root / "hipify_plus" / "lint" / "detectors" / family
    if not (package / "__init__.py").is_file():
        return usage_error(f"{package} is not a rule package (run this in a checkout of hipify-plus)")
    module = f"{rule_id.lower()}_{name.replace('-', '_')}"
    values = {"rule_id": rule_id, "rule_name": name, "family": family, "function": name.replace("-", "_")}
    files = {
        root / "rules" / family / f"{rule_id}-{name}.toml": "dev/rule.toml.j2",
        package / f"{module}.py": "dev/rule.py.j2",
        root / "corpus" / "lint" / family / f"{rule_id}_{name.replace('-', '_')}.cu": "dev/fixture.cu.j2",
    }
    existing = [str(p) for p in files if p.exists()]
    if existing:
        return usage_error(f"{existing[0]} exists already; nothing written")
    for path, template in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, render(template, **values) + b"\n")
        print(f"wrote {path}", file=sys.stderr)
    print(
        "next: fill in the TODOs, then `.venv/bin/pytest -q tests/test_lint_corpus.py "
        f"tests/test_registry.py -k {rule_id}`",
        file=sys.stderr,
    )
    return EXIT_CLEAN


def checkout_root() -> Path:
    """The checkout the data comes from (rules/ beside hipify_plus/)."""
    return data_dir("rules").parent
