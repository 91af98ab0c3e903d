"""The installed wheel carries the rules and templates and runs without the checkout."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from .conftest import ROOT


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), str(ROOT)],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0 and "No module named build" in done.stderr:
        pytest.skip("the `build` package is not installed")
    assert done.returncode == 0, done.stderr[-3000:]
    return next(out.glob("*.whl"))


def test_wheel_contains_data(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "hipify_plus/_data/rules/mappings/runtime.tsv" in names
    assert "hipify_plus/_data/rules/mappings/LICENSE-HIPIFY.txt" in names
    assert "hipify_plus/_data/rules/translate/HP001-unsupported-cuda-api.toml" in names
    assert "hipify_plus/_data/templates/launch/hip_launch_kernel_ggl.j2" in names


def test_wheel_runs_outside_the_checkout(wheel: Path, tmp_path: Path) -> None:
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    source = tmp_path / "k.cu"
    source.write_text("__global__ void k() {}\nint main() { k<<<1, 1>>>(); cudaDeviceSynchronize(); }\n")
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys; from hipify_plus.cli import main; sys.exit(main())",
            "convert",
            str(source),
            "-o",
            str(tmp_path / "k.hip"),
            "--hip-launch-syntax",
        ],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
        env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"},
    )
    assert done.returncode == 1, done.stderr
    text = (tmp_path / "k.hip").read_text()
    assert "hipLaunchKernelGGL(k, dim3(1), dim3(1), 0, 0)" in text and "hipDeviceSynchronize" in text
