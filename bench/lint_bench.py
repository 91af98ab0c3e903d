#!/usr/bin/env python3
"""Benchmark `hipify-plus lint` from the command line, interpreter start included.

Usage:
    python bench/lint_bench.py [FILE_OR_FOLDER ...] [--runs N]

Without arguments it measures two inputs built from the bundled corpus: one ~2,000-line file
(the pre-commit case: one typical file) and a ~20,000-line project (corpus sources repeated in
folders). Prints min and median wall time over N runs, and CPU time. Not a test.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = (".cu", ".cuh")


def corpus_sources() -> list[Path]:
    return sorted(p for p in (ROOT / "corpus").rglob("*") if p.suffix in SOURCES and ".fixed" not in p.name)


def make_inputs(folder: Path) -> list[Path]:
    chunks = [p.read_bytes() for p in corpus_sources()]
    one = folder / "typical.cu"
    data = b""
    while data.count(b"\n") < 2000:
        data += b"\n".join(chunks)
    one.write_bytes(b"\n".join(data.split(b"\n")[:2000]) + b"\n")
    project = folder / "project"
    lines, copy = 0, 0
    while lines < 20000:
        for path in corpus_sources():
            target = project / f"copy{copy}" / path.name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
            lines += path.read_bytes().count(b"\n")
        copy += 1
    return [one, project]


def line_count(path: Path) -> int:
    """Lines of the files lint reads (sources and build files)."""
    sys.path.insert(0, str(ROOT))
    from hipify_plus.filekinds import file_kind

    files = [path] if path.is_file() else [p for p in path.rglob("*") if p.is_file() and file_kind(p.name)]
    return sum(p.read_bytes().count(b"\n") for p in files)


def measure(path: Path, runs: int) -> None:
    command = [
        sys.executable,
        "-m",
        "hipify_plus",
        "lint",
        str(path),
        "--no-cache",  # every run lints: the cache would answer all but the first
        "--exit-zero",
        "-q",
        "--output-format",
        "concise",
    ]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    walls, cpus = [], []
    for _ in range(runs):
        before = os.times()
        start = time.perf_counter()
        subprocess.run(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        walls.append(time.perf_counter() - start)
        after = os.times()
        cpus.append(after.children_user + after.children_system - before.children_user - before.children_system)
    print(
        f"{path.name:>14}: {line_count(path):6d} lines  wall min {min(walls):.3f} s  median "
        f"{statistics.median(walls):.3f} s  CPU median {statistics.median(cpus):.3f} s  ({runs} runs)"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for path in args.paths or make_inputs(Path(tmp)):
            measure(path, args.runs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
