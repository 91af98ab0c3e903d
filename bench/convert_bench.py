#!/usr/bin/env python3
"""Benchmark `hipify-plus convert` on a CUDA code base, next to hipify-perl when available.

Usage:
    python bench/convert_bench.py PATH [--hipify-perl PATH] [--runs N] [--jobs N] [--no-warnings-run]

PATH is a CUDA project folder (for example a clone of a ~20k-line training code base); without
it the bundled corpus is used. Each tool runs in a child process, measured with getrusage (CPU
of the process and its children, peak memory) and a wall clock; with --runs N (default 5) the
two tools run in turn N times after one warm-up run each, and the medians are printed with the
median of the per-pair CPU ratios (a pair runs back to back, so a ratio holds when a shared
machine's speed drifts; the load average is printed before and after). hipify-perl runs once
per file, in one shell loop, as a user would run it over a tree. Also prints how many files the
two tools translate to the same text. This is a benchmark, not a test: nothing here asserts a
time.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hipify_plus.resources.hipcc import hipcc_version  # noqa: E402

SOURCES = {".cu", ".cuh", ".cpp", ".cc", ".h", ".hpp", ".cxx", ".hxx", ".inl"}


# Runs a command and reports its own children's CPU and peak RSS: getrusage in this process
# would give the peak over every tool run so far, not per tool.
_WRAPPER = (
    "import resource, subprocess, sys\n"
    "done = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)\n"
    "u = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "sys.stderr.write(f'{u.ru_utime + u.ru_stime} {u.ru_maxrss}')\n"
    "sys.stdout.buffer.write(done.stdout)\n"
)


def measure(command: list[str], **kwargs) -> tuple[float, float, int, subprocess.CompletedProcess[bytes]]:
    """(wall s, cpu s, peak RSS KiB) of one command and its children."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", _WRAPPER, *command], capture_output=True, check=False, **kwargs)
    wall = time.perf_counter() - start
    cpu, peak = done.stderr.decode().split()[-2:]
    return wall, float(cpu), int(peak), done


def hipify_perl_script(command: list[str], files: list[Path], root: Path, out: Path, quiet: bool) -> Path:
    """A shell loop running hipify-perl over every file, so that getrusage sees them all."""
    script = out / "run.sh"
    lines = ["set -e"]
    for path in files:
        target = out / path.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        flags = "-quiet-warnings" if quiet else ""
        lines.append(f"{' '.join(command)} {flags} '{path}' > '{target}' 2>/dev/null || true")
    script.write_text("\n".join(lines) + "\n")
    return script


def _compiles(hipcc: str, tree: Path, unit: Path) -> bool:
    includes = sorted({f"-I{d}" for d in (p.parent for p in tree.rglob("*.h*"))} | {f"-I{tree}"})
    done = subprocess.run(
        [hipcc, "--offload-arch=gfx90a", "-fsyntax-only", "-x", "hip", *includes, str(unit)],
        capture_output=True,
        check=False,
        env={**os.environ, "HIP_PLATFORM": "amd"},
    )
    return done.returncode == 0


def _load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def _spread(values: list[float]) -> str:
    return f"{statistics.median(values):7.2f} s (min {min(values):.2f}, max {max(values):.2f})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("path", nargs="?", type=Path, default=ROOT / "corpus")
    parser.add_argument("--hipify-perl", default=shutil.which("hipify-perl"))
    parser.add_argument("--jobs", type=int, default=1, help="hipify-plus worker processes (default 1: CPU cost)")
    parser.add_argument("--runs", type=int, default=5, help="paired runs of the two tools after a warm-up (default 5)")
    parser.add_argument("--no-warnings-run", action="store_true", help="skip hipify-perl with its warnings on (slow)")
    parser.add_argument(
        "--compile",
        metavar="HIPCC",
        nargs="?",
        const=shutil.which("hipcc"),
        help="also count translation units that compile for gfx90a (HIP_PLATFORM=amd)",
    )
    parser.add_argument(
        "--rocm-version",
        help="hipify-plus target ROCm (default: hipcc's with --compile, else "
        "convert's own default, which asks the installed hipcc)",
    )
    args = parser.parse_args()

    files = sorted(p for p in args.path.rglob("*") if p.suffix in SOURCES and p.is_file())
    lines = sum(p.read_bytes().count(b"\n") for p in files)
    print(f"input: {args.path} — {len(files)} source files, {lines} lines")
    print(f"before: {_load()}")

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        ours = [
            sys.executable,
            "-m",
            "hipify_plus",
            "convert",
            str(args.path),
            "-o",
            str(out / "ours"),
            "--no-cache",
            "--skip-others",
            "--no-progress",
            "-j",
            str(args.jobs),
            "--output-format",
            "json",
        ]
        version = args.rocm_version or (hipcc_version(args.compile) if args.compile else None)
        if version:
            ours += ["--rocm-version", version]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # the warm-up writes bytecode, as an installed package has
        perl = None
        if args.hipify_perl:
            perl = [args.hipify_perl] if os.access(args.hipify_perl, os.X_OK) else ["perl", args.hipify_perl]
            (out / "perl-quiet").mkdir()
            quiet_script = hipify_perl_script(perl, files, args.path, out / "perl-quiet", True)

        runs = max(args.runs, 1)
        plus: list[tuple[float, float, int]] = []
        other: list[tuple[float, float, int]] = []
        diagnostics = 0
        for index in range(runs + 1):  # the first pair is the warm-up
            wall, cpu, peak, done = measure(ours, env=env)
            diagnostics = done.stdout.count(b'"rule"')
            if index:
                plus.append((wall, cpu, peak))
            if perl is not None:
                p_wall, p_cpu, p_peak, _ = measure(["bash", str(quiet_script)])
                if index:
                    other.append((p_wall, p_cpu, p_peak))
        print(f"after : {_load()}")
        print(
            f"hipify-plus (-j {args.jobs}), {runs} runs: CPU {_spread([c for _, c, _ in plus])}, "
            f"wall {_spread([w for w, _, _ in plus])}, {lines / statistics.median(c for _, c, _ in plus):,.0f} "
            f"lines/CPU-s, peak {max(p for _, _, p in plus) / 1024:.1f} MiB, {diagnostics} diagnostics "
            "(interpreter start included)"
        )
        if perl is None:
            print("hipify-perl      : not found (pass --hipify-perl PATH to compare)")
            return 0
        ratios = [p_cpu / cpu for (_, cpu, _), (_, p_cpu, _) in zip(plus, other, strict=True)]
        wall_ratios = [p_wall / wall for (wall, _, _), (p_wall, _, _) in zip(plus, other, strict=True)]
        print(
            f"hipify-perl -quiet-warnings, {runs} runs: CPU {_spread([c for _, c, _ in other])}, "
            f"wall {_spread([w for w, _, _ in other])}, peak {max(p for _, _, p in other) / 1024:.1f} MiB"
        )
        print(
            f"hipify-plus uses {statistics.median(ratios):.1f}x less CPU "
            f"(pairs: {min(ratios):.1f}-{max(ratios):.1f}x), {statistics.median(wall_ratios):.1f}x less wall time"
        )
        if not args.no_warnings_run:
            (out / "perl-warn").mkdir()
            script = hipify_perl_script(perl, files, args.path, out / "perl-warn", False)
            p_wall, p_cpu, p_peak, _ = measure(["bash", str(script)])
            times = p_cpu / statistics.median(c for _, c, _ in plus)
            print(
                f"hipify-perl, warnings on, 1 run: {p_wall:7.2f} s wall {p_cpu:7.2f} s CPU, "
                f"peak {p_peak / 1024:.1f} MiB, {times:.0f}x hipify-plus's CPU"
            )
        same = sum(
            (out / "ours" / p.relative_to(args.path)).read_bytes()
            == (out / "perl-quiet" / p.relative_to(args.path)).read_bytes()
            for p in files
            if (out / "ours" / p.relative_to(args.path)).exists()
        )
        print(f"identical output : {same} of {len(files)} files")
        if args.compile:
            units = [p for p in files if p.suffix in (".cu", ".cpp", ".cc", ".cxx")]
            for label, tree in (("hipify-plus", out / "ours"), ("hipify-perl", out / "perl-quiet")):
                ok = sum(_compiles(args.compile, tree, tree / u.relative_to(args.path)) for u in units)
                print(f"compile gfx90a   : {label:12s} {ok} of {len(units)} translation units")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
