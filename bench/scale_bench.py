#!/usr/bin/env python3
"""Scale benchmark: generated CUDA projects of growing size (default 100k, 300k and 1M lines),
converted and linted from the command line. Prints wall time, CPU, peak memory and lines per
second for each size, so that growth can be checked to be linear. Not a test.

Usage: python bench/scale_bench.py [--sizes 100000,300000,1000000] [--jobs 1]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_WRAPPER = (
    "import resource, subprocess, sys\n"
    "subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
    "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "print(u.ru_utime + u.ru_stime, u.ru_maxrss)\n"
)


def generate(folder: Path, lines: int) -> int:
    """Corpus sources copied into numbered folders (names made unique) until `lines` is reached."""
    sources = sorted(p for p in (ROOT / "corpus" / "translate").rglob("*.cu") if ".hip" not in p.name)
    written = copy = 0
    while written < lines:
        for path in sources:
            data = path.read_bytes()
            target = folder / f"part{copy // 50:04d}" / f"{path.stem}_{copy}.cu"
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
            written += data.count(b"\n")
            copy += 1
            if written >= lines:
                break
    return written


def measure(command: list[str]) -> tuple[float, float, int]:
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _WRAPPER, *command],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=False,
    )
    wall = time.perf_counter() - start
    cpu, peak = done.stdout.split()
    return wall, float(cpu), int(peak)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="100000,300000,1000000")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    print(f"{'lines':>9} {'command':>8} {'wall s':>8} {'CPU s':>8} {'peak MiB':>9} {'lines/CPU-s':>12}")
    for size in (int(s) for s in args.sizes.split(",")):
        with tempfile.TemporaryDirectory() as tmp:
            project = Path(tmp) / "project"
            lines = generate(project, size)
            commands = {
                "convert": [
                    sys.executable,
                    "-m",
                    "hipify_plus",
                    "convert",
                    str(project),
                    "-o",
                    str(Path(tmp) / "out"),
                    "--no-cache",
                    "-j",
                    str(args.jobs),
                    "-q",
                    "--no-progress",
                    "--exit-zero",
                ],
                "lint": [
                    sys.executable,
                    "-m",
                    "hipify_plus",
                    "lint",
                    str(project),
                    "--no-cache",  # every run lints: the cache would answer all but the first
                    "-q",
                    "--exit-zero",
                    "--output-format",
                    "concise",
                ],
            }
            for name, command in commands.items():
                wall, cpu, peak = measure(command)
                print(f"{lines:>9} {name:>8} {wall:>8.2f} {cpu:>8.2f} {peak / 1024:>9.1f} {lines / cpu:>12,.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
