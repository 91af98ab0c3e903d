"""The compile family (HP7xx) exists to make converted code compile: every fixed corpus file
compiles with hipcc for gfx90a (unless the fixture says `compile=no`: CUDA code the rule leaves
alone, or an error finding without a fix explains it; then it must really fail), and every input
the fixture says fails before the fix really does (so the rule fixes something hip-clang rejects)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hipify_plus.testing import is_expected_output, load_fixture

from .conftest import CORPUS, Hipcc

COMPILE = CORPUS / "lint" / "compile"
INPUTS = sorted(p for p in COMPILE.glob("*.cu") if not is_expected_output(p))


def _id(path: Path) -> str:
    return path.name


def test_compile_family_has_fixtures() -> None:
    assert INPUTS


@pytest.mark.hipcc
@pytest.mark.parametrize("path", INPUTS, ids=_id)
def test_fixed_file_compiles(path: Path, hipcc: Hipcc) -> None:
    fixture = load_fixture(path)
    hipcc.skip_unsupported(fixture.settings)
    fixed = fixture.fixed_output if fixture.fixed_output.exists() else path
    done = hipcc.syntax_check(fixed, "-std=c++17")
    if fixture.settings.get("compile") == "no":  # CUDA code, or an error finding without a fix
        assert done.returncode != 0, "marked compile=no but compiles"
        return
    assert done.returncode == 0, done.stderr[-3000:]
    if fixture.settings.get("fails-before") in ("", "yes") and "fails-before" in fixture.settings:
        before = hipcc.syntax_check(path, "-std=c++17")
        assert before.returncode != 0, "the input compiles: the fixture does not show a blocker"
