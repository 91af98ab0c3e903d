"""Running a support block from templates/ on the CPU: the rendered block, stand-ins for the HIP
headers it includes, and a C++ program that drives it, built with the host compiler and run. The
program prints `ok` when every check it makes passes."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

COMPILER = shutil.which("g++") or shutil.which("c++") or shutil.which("clang++")
needs_compiler = pytest.mark.skipif(COMPILER is None, reason="no host C++ compiler")


def build_and_run(
    folder: Path,
    block: bytes,
    headers: dict[str, str],
    program: str,
    flags: tuple[str, ...] = ("-std=c++20", "-O1", "-pthread"),
    timeout: int = 300,
) -> None:
    """Build `program` against `block` (as block.h) and `headers` (path below `folder` -> text)
    with `-D__HIP__`, run it, and fail unless it prints `ok` and exits 0. A run that does not end
    within `timeout` seconds fails too (a barrier that never releases hangs)."""
    for name, text in headers.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    (folder / "block.h").write_bytes(block + b"\n")
    (folder / "sim.cpp").write_text(program)
    binary = folder / "sim"
    assert COMPILER is not None
    built = subprocess.run(
        [COMPILER, *flags, "-D__HIP__", f"-I{folder}", str(folder / "sim.cpp"), "-o", str(binary)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert built.returncode == 0, built.stderr[-3000:]
    try:
        ran = subprocess.run([str(binary)], capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        pytest.fail(f"the simulation did not finish in {timeout} s")
    assert ran.returncode == 0 and ran.stdout.strip() == "ok", ran.stdout[-3000:]
