#!/usr/bin/env python3
"""Benchmark `hipify-plus convert` on a CUDA code base, next to hipify-perl when available.

Usage:
    python bench/convert_bench.py PATH [--hipify-perl PATH] [--jobs N] [--no-warnings-run]

PATH is a CUDA project folder (for example a clone of a ~20k-line training code base); without
it the bundled corpus is used. Prints lines/s, CPU seconds and peak memory of each tool (each run
in a child process, measured with getrusage), and how many files the two tools translate to the
same text. This is a benchmark, not a test: nothing here asserts a time.
"""

from __future__ import annotations

import argparse
import os
import shutil
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


def run_hipify_perl_tree(command: list[str], files: list[Path], root: Path, out: Path, quiet: bool) -> tuple[float, float, int]:
    """hipify-perl over every file, in one child shell loop so getrusage sees them all."""
    script = out / "run.sh"
    lines = ["set -e"]
    for path in files:
        target = out / path.relative_to(root)
        target.parent.mkdir(parents=True, exist_ok=True)
        flags = "-quiet-warnings" if quiet else ""
        lines.append(f"{' '.join(command)} {flags} '{path}' > '{target}' 2>/dev/null || true")
    script.write_text("\n".join(lines) + "\n")
    wall, cpu, peak, _ = measure(["bash", str(script)])
    return wall, cpu, peak


def _compiles(hipcc: str, tree: Path, unit: Path) -> bool:
    includes = sorted({f"-I{d}" for d in (p.parent for p in tree.rglob("*.h*"))} | {f"-I{tree}"})
    done = subprocess.run([hipcc, "--offload-arch=gfx90a", "-fsyntax-only", "-x", "hip", *includes, str(unit)],
                          capture_output=True, check=False, env={**os.environ, "HIP_PLATFORM": "amd"})
    return done.returncode == 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("path", nargs="?", type=Path, default=ROOT / "corpus")
    parser.add_argument("--hipify-perl", default=shutil.which("hipify-perl"))
    parser.add_argument("--jobs", type=int, default=1, help="hipify-plus worker processes (default 1: CPU cost)")
    parser.add_argument("--no-warnings-run", action="store_true", help="skip hipify-perl with its warnings on (slow)")
    parser.add_argument("--compile", metavar="HIPCC", nargs="?", const=shutil.which("hipcc"),
                        help="also count translation units that compile for gfx90a (HIP_PLATFORM=amd)")
    parser.add_argument("--rocm-version", help="hipify-plus target ROCm (default: hipcc's with --compile)")
    args = parser.parse_args()

    files = sorted(p for p in args.path.rglob("*") if p.suffix in SOURCES and p.is_file())
    lines = sum(p.read_bytes().count(b"\n") for p in files)
    print(f"input: {args.path} — {len(files)} source files, {lines} lines")

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        ours = [sys.executable, "-m", "hipify_plus", "convert", str(args.path), "-o", str(out / "ours"),
                "--no-cache", "--skip-others", "--no-progress", "-j", str(args.jobs), "--output-format", "json"]
        version = args.rocm_version or (hipcc_version(args.compile) if args.compile else None)
        if version:
            ours += ["--rocm-version", version]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        wall, cpu, peak, done = measure(ours, env=env)
        diagnostics = done.stdout.count(b'"rule"')
        print(f"hipify-plus      : {wall:7.2f} s wall {cpu:7.2f} s CPU  {lines / cpu:12,.0f} lines/CPU-s  "
              f"peak {peak / 1024:6.1f} MiB  {diagnostics} diagnostics (interpreter start included)")
        if not args.hipify_perl:
            print("hipify-perl      : not found (pass --hipify-perl PATH to compare)")
            return 0
        perl = [args.hipify_perl] if os.access(args.hipify_perl, os.X_OK) else ["perl", args.hipify_perl]
        runs = [("-quiet-warnings", True)] + ([] if args.no_warnings_run else [("warnings on", False)])
        for label, quiet in runs:
            target = out / ("perl-quiet" if quiet else "perl-warn")
            target.mkdir()
            p_wall, p_cpu, p_peak = run_hipify_perl_tree(perl, files, args.path, target, quiet)
            print(f"hipify-perl {label:14s}: {p_wall:7.2f} s wall {p_cpu:7.2f} s CPU  "
                  f"{lines / max(p_cpu, 1e-9):12,.0f} lines/CPU-s  peak {p_peak / 1024:6.1f} MiB  "
                  f"hipify-plus is {p_cpu / cpu:6.1f}x less CPU")
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
