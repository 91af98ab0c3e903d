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
    code = main(["convert", str(PROJECT), "-o", str(out), "--rename", "--header-suffix", ".hpp",
                 "--rocm-version", version, "--no-progress"])
    _, stderr = capsys.readouterr()
    assert code in (0, 1), stderr
    assert (out / "src" / "main.hip").exists() and (out / "include" / "heat2d.hpp").exists()
    assert (out / "CMakeLists.txt").exists() and (out / "Makefile").exists()
    for source in sorted(out.rglob("*")):
        if source.suffix in (".hip", ".cpp"):
            done = hipcc.syntax_check(source, f"-I{out / 'include'}")
            assert done.returncode == 0, f"{source.name}:\n{done.stderr[-3000:]}"
