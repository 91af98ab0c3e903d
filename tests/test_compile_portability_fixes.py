"""Portability fixes that make code compile (HP503's intrinsics block, HP509/HP510's
cooperative-groups blocks, applied by convert): the fixed corpus files marked `compile` build
with hipcc for a 64-lane (gfx90a) and a 32-lane (gfx1100) target, inputs marked
`fails-before` do not, and the CUDA files of corpus/translate/device_intrinsics compile once
converted for the installed hipcc's ROCm, whatever findings are left."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from hipify_plus.pipeline import translate
from hipify_plus.source import SourceFile
from hipify_plus.testing import is_expected_output, load_fixture
from hipify_plus.translate.engine import TranslateOptions

from .conftest import CORPUS, Hipcc

PORTABILITY = CORPUS / "lint" / "portability"
INPUTS = sorted(
    p for p in PORTABILITY.glob("*.cu") if not is_expected_output(p) and "compile" in load_fixture(p).settings
)
CONVERTED = sorted(p for p in (CORPUS / "translate" / "device_intrinsics").glob("*.cu") if not is_expected_output(p))
# gfx1100 needs -nogpulib with Debian 12's HIP 5.2 (no device libraries for it); a syntax
# check does not link them.
ARCHES = ("gfx90a", "gfx1100")


def _id(path: Path) -> str:
    return path.name


def _check(hipcc: Hipcc, source: Path, arch: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [hipcc.path, f"--offload-arch={arch}", "-nogpulib", "-fsyntax-only", "-x", "hip", "-std=c++17", str(source)],
        capture_output=True,
        text=True,
        env=hipcc.env(),
        timeout=300,
        check=False,
    )


def test_portability_compile_fixtures_exist() -> None:
    names = {p.name.split("_")[0] for p in INPUTS}
    assert {"HP503", "HP509", "HP510"} <= names


@pytest.mark.hipcc
@pytest.mark.parametrize("arch", ARCHES)
@pytest.mark.parametrize("path", INPUTS, ids=_id)
def test_fixed_file_compiles(path: Path, arch: str, hipcc: Hipcc) -> None:
    fixture = load_fixture(path)
    assert fixture.fixed_output.exists(), f"{path.name} is marked compile but no fix applies"
    hipcc.skip_unsupported(fixture.settings)
    done = _check(hipcc, fixture.fixed_output, arch)
    assert done.returncode == 0, done.stderr[-3000:]
    if "fails-before" in fixture.settings:
        before = _check(hipcc, path, arch)
        assert before.returncode != 0, "the input compiles: the fixture does not show a blocker"


@pytest.mark.hipcc
@pytest.mark.parametrize("arch", ARCHES)
@pytest.mark.parametrize("path", CONVERTED, ids=_id)
def test_converted_file_compiles(path: Path, arch: str, hipcc: Hipcc, tmp_path: Path) -> None:
    options = TranslateOptions(rocm_version=hipcc.version, offload_arch=(arch,))
    result = translate(SourceFile(path.name, path.read_bytes()), options)
    out = tmp_path / (path.stem + ".hip")
    out.write_bytes(result.output)
    done = _check(hipcc, out, arch)
    assert done.returncode == 0, done.stderr[-3000:]
