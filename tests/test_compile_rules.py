"""The compile family (HP7xx) exists to make converted code compile: every fixed corpus file
compiles with hipcc for gfx90a (unless the fixture says `compile=no`: CUDA code the rule leaves
alone, or an error finding without a fix explains it; then it must really fail), and every input
the fixture says fails before the fix really does (so the rule fixes something hip-clang rejects)."""

from __future__ import annotations

from pathlib import Path

import pytest

from hipify_plus.testing import is_expected_output, load_fixture

from .conftest import CORPUS, Hipcc, run_cli

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


def test_host_float_classification_leaves_c_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """HP719 writes `std::`: never in a .c file or a .h header that shows no C++ (llm.c's
    dev/test/test_outlier_detector.c, built with gcc, calls `isnan`)."""
    body = "#include <math.h>\n#include <hip/hip_runtime.h>\n{}int bad(float z) {{ return !isnan(z); }}\n"
    (tmp_path / "plain.c").write_text(body.format(""))
    (tmp_path / "plain.h").write_text(body.format("static inline "))
    (tmp_path / "cxx.h").write_text(body.format("namespace util { }\nstatic inline "))
    code, out, _ = run_cli(
        ["lint", str(tmp_path), "--select", "HP719", "--output-format", "concise", "--exit-zero"], capsys
    )
    assert code == 0
    flagged = {line.split(":")[0].rsplit("/", 1)[-1] for line in out.splitlines() if "HP719" in line}
    assert flagged == {"cxx.h"}
