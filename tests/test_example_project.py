"""The bundled example (corpus/projects/heat2d) converts into a tree that compiles for gfx90a."""

from __future__ import annotations

from pathlib import Path

import pytest

from hipify_plus.cli import main

from .conftest import CORPUS, Hipcc

PROJECT = CORPUS / "projects" / "heat2d"


def test_example_converts_and_compiles(tmp_path: Path, hipcc: Hipcc, capsys) -> None:
    out = tmp_path / "heat2d-hip"
    version = ".".join(map(str, hipcc.version))
    code = main(
        [
            "convert",
            str(PROJECT),
            "-o",
            str(out),
            "--rename",
            "--header-suffix",
            ".hpp",
            "--rocm-version",
            version,
            "--no-progress",
        ]
    )
    _, stderr = capsys.readouterr()
    assert code in (0, 1), stderr
    assert (out / "src" / "main.hip").exists() and (out / "include" / "heat2d.hpp").exists()
    assert (out / "CMakeLists.txt").exists() and (out / "Makefile").exists()
    for source in sorted(out.rglob("*")):
        if source.suffix in (".hip", ".cpp"):
            done = hipcc.syntax_check(source, f"-I{out / 'include'}")
            assert done.returncode == 0, f"{source.name}:\n{done.stderr[-3000:]}"


@pytest.mark.parametrize("tool", ["cmake", "make"])
def test_example_builds_with_its_converted_build_files(tool: str, tmp_path: Path, hipcc: Hipcc, capsys) -> None:
    import os
    import shutil
    import subprocess

    if shutil.which(tool) is None:
        pytest.skip(f"{tool} is not installed")
    out = tmp_path / "heat2d-hip"
    version = ".".join(map(str, hipcc.version))
    main(
        [
            "convert",
            str(PROJECT),
            "-o",
            str(out),
            "--rename",
            "--header-suffix",
            ".hpp",
            "--rocm-version",
            version,
            "--no-progress",
        ]
    )
    capsys.readouterr()
    env = {**os.environ, "HIP_PLATFORM": "amd"}
    steps = (
        [["cmake", "-S", str(out), "-B", str(out / "b")], ["cmake", "--build", str(out / "b")]]
        if tool == "cmake"
        else [["make", "-C", str(out)]]
    )
    for step in steps:
        done = subprocess.run(step, capture_output=True, text=True, env=env, timeout=900, check=False)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert (out / "b" / "heat2d").is_file() if tool == "cmake" else (out / "heat2d").is_file()
