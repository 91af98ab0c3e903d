#!/usr/bin/env python3
"""Speed benchmark of issue 14: whole processes (interpreter start included), each command run
`--runs` times after one warm-up, the median of wall, CPU (user + system, the operating system's
own accounting of the finished child) and peak memory printed with the goal and the ratio
median / goal. Commands run from the project's folder, as a user types them:

    convert . -o OUT --no-cache --skip-others     goal 0.26 s CPU
    lint FILE --no-cache (one ~2,000-line file)   goal 0.15 s wall
    lint . --no-cache                             goal 0.8 s wall
    lint FILE, lint . with the lint cache warm    the same goals, for a file (or tree) unchanged
                                                  since the last run
    report . -o gap.html --no-check --no-cuda     goal 1 s wall (nvcc's own time left out), with
                                                  --no-cache and with the kept tree warm
    python -c pass                                the interpreter alone

and on a generated project (`--lines`, default 1,000,000, written from this file's own small
patterns): convert (goal >= 200k lines per CPU second) and lint --no-cache (>= 100k), peak memory
<= 500 MB. Every process gets a cache folder of its own run (XDG_CACHE_HOME in the scratch
folder): the warm-up fills it (the installed libraries' probe, the lint cache), as a user's first
run does.
With a hipify-perl (`--hipify-perl`, else one on PATH) its CPU on the project's sources is the
anchor: convert's CPU / hipify-perl's. Not a test: tests never assert on time.

Usage: python bench/speed.py --project ../llm.c [--file train_gpt2.cu] [--runs 5] [--lines 1000000]
       [--no-generated] [--hipify-perl PATH]
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
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE_SUFFIXES = (".cu", ".cuh", ".c", ".cpp", ".h", ".hpp")


@dataclass(frozen=True)
class Run:
    wall: float
    cpu: float
    peak_mb: float


@dataclass(frozen=True)
class Row:
    name: str
    runs: list[Run]
    goal: str = ""
    ratio: float | None = None

    def median(self, field: str) -> float:
        return statistics.median(getattr(r, field) for r in self.runs)


CACHE_HOME: Path | None = None  # set by main(): the scratch folder's cache


def run_once(command: list[str], cwd: Path) -> Run:
    """One whole process: wall from start to reaping, CPU and peak memory from its rusage."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(ROOT)
    if CACHE_HOME is not None:
        env["XDG_CACHE_HOME"] = str(CACHE_HOME)
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)  # reaped above
    if process.returncode not in (0, 1):  # 1: findings or files changed; 2: usage or internal error
        sys.exit(f"{' '.join(command)} (in {cwd}) exited {process.returncode}")
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


def measure(name: str, command: list[str], cwd: Path, runs: int) -> Row:
    run_once(command, cwd)  # warm-up: bytecode written, files in the page cache
    return Row(name, [run_once(command, cwd) for _ in range(runs)])


def with_goal(row: Row, field: str, goal: float, label: str) -> Row:
    return Row(row.name, row.runs, label, row.median(field) / goal)


_HEADER = """\
#pragma once
#include <cuda_runtime.h>
#define BLOCK_{n} 256
#define CHECK_{n}(call) do {{ cudaError_t e = (call); if (e != cudaSuccess) return e; }} while (0)
__device__ inline float warp_sum_{n}(float v) {{
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
    return v;
}}
"""
_KERNEL = """\
__global__ void scale_{n}_{k}(float* out, const float* in, float factor, int count) {{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count) {{
        float v = in[i] * factor;
        out[i] = warp_sum_{n}(v);
    }}
}}

cudaError_t run_scale_{n}_{k}(const float* host, float* result, int count) {{
    float* device_in = nullptr;
    float* device_out = nullptr;
    CHECK_{n}(cudaMalloc(&device_in, count * sizeof(float)));
    CHECK_{n}(cudaMalloc(&device_out, count * sizeof(float)));
    CHECK_{n}(cudaMemcpy(device_in, host, count * sizeof(float), cudaMemcpyHostToDevice));
    dim3 block(BLOCK_{n});
    dim3 grid((count + BLOCK_{n} - 1) / BLOCK_{n});
    scale_{n}_{k}<<<grid, block>>>(device_out, device_in, 2.0f, count);
    CHECK_{n}(cudaGetLastError());
    CHECK_{n}(cudaMemcpy(result, device_out, count * sizeof(float), cudaMemcpyDeviceToHost));
    cudaFree(device_in);
    cudaFree(device_out);
    return cudaSuccess;
}}

"""
KERNELS_PER_FILE = 20


def generate(folder: Path, lines: int) -> int:
    """A project of about `lines` lines: numbered folders of .cu files, each with its own header,
    written from the patterns above (a warp reduction, kernels, allocation, copies, launches)."""
    written = n = 0
    while written < lines:
        part = folder / f"part{n // 100:04d}"
        part.mkdir(parents=True, exist_ok=True)
        header = _HEADER.format(n=n)
        body = f'#include "common_{n}.cuh"\n\n' + "".join(_KERNEL.format(n=n, k=k) for k in range(KERNELS_PER_FILE))
        (part / f"common_{n}.cuh").write_text(header)
        (part / f"kernels_{n}.cu").write_text(body)
        written += header.count("\n") + body.count("\n")
        n += 1
    return written


def count_lines(project: Path) -> tuple[int, int]:
    files = [p for p in project.rglob("*") if p.is_file() and p.suffix in SOURCE_SUFFIXES]
    return len(files), sum(p.read_bytes().count(b"\n") for p in files)


def find_hipify_perl(given: str | None) -> str | None:
    if given:
        return given if Path(given).is_file() else None
    return shutil.which("hipify-perl")


def project_rows(project: Path, file: str, runs: int, out: Path, hipify_perl: str | None) -> list[Row]:
    tool = [sys.executable, "-m", "hipify_plus"]
    convert = measure(
        "convert . --no-cache --skip-others",
        [*tool, "convert", ".", "-o", str(out / "convert"), "--no-cache", "--skip-others"],
        project,
        runs,
    )
    rows = [
        with_goal(convert, "cpu", 0.26, "0.26 s cpu"),
        with_goal(
            measure(f"lint {file} --no-cache", [*tool, "lint", file, "--no-cache"], project, runs),
            "wall",
            0.15,
            "0.15 s wall",
        ),
        with_goal(
            measure("lint . --no-cache", [*tool, "lint", ".", "--no-cache"], project, runs), "wall", 0.8, "0.8 s wall"
        ),
        with_goal(
            measure(f"lint {file} (cache warm)", [*tool, "lint", file], project, runs), "wall", 0.15, "0.15 s wall"
        ),
        with_goal(measure("lint . (cache warm)", [*tool, "lint", "."], project, runs), "wall", 0.8, "0.8 s wall"),
        with_goal(
            measure(
                "report . --no-check --no-cuda --no-cache",
                [*tool, "report", ".", "-o", str(out / "gap.html"), "--no-check", "--no-cuda", "--no-cache"],
                project,
                runs,
            ),
            "wall",
            1.0,
            "1 s wall",
        ),
        with_goal(
            measure(
                "report . --no-check --no-cuda (kept tree)",
                [*tool, "report", ".", "-o", str(out / "gap.html"), "--no-check", "--no-cuda"],
                project,
                runs,
            ),
            "wall",
            1.0,
            "1 s wall",
        ),
        measure("python -c pass", [sys.executable, "-c", "pass"], project, runs),
    ]
    if hipify_perl is not None:
        sources = sorted(str(p.relative_to(project)) for p in project.rglob("*") if p.suffix in (".cu", ".cuh"))
        anchor = measure(
            "hipify-perl -quiet-warnings (anchor)", [hipify_perl, "-quiet-warnings", *sources], project, runs
        )
        rows.append(Row(anchor.name, anchor.runs, "convert cpu / this", convert.median("cpu") / anchor.median("cpu")))
    return rows


def generated_rows(lines_wanted: int, runs: int, out: Path, jobs: int) -> list[Row]:
    folder = out / "generated"
    lines = generate(folder, lines_wanted)
    tool = [sys.executable, "-m", "hipify_plus"]
    jobs_flag = ["-j", str(jobs)]
    convert = measure(
        f"generated {lines:,} lines: convert",
        [*tool, "convert", ".", "-o", str(out / "gen-out"), "--no-cache", "--skip-others", *jobs_flag],
        folder,
        runs,
    )
    lint = measure(f"generated {lines:,} lines: lint", [*tool, "lint", ".", "--no-cache"], folder, runs)
    rows = []
    for row, goal in ((convert, 200_000), (lint, 100_000)):
        rate = lines / row.median("cpu")
        rows.append(Row(row.name, row.runs, f">= {goal // 1000}k lines/cpu-s ({rate / 1000:.0f}k)", goal / rate))
    return rows


def print_table(rows: list[Row]) -> None:
    print(f"{'command':44} {'wall s':>8} {'cpu s':>8} {'peak MB':>8}  {'goal':30} {'ratio':>6}")
    for row in rows:
        ratio = f"{row.ratio:6.2f}" if row.ratio is not None else ""
        wall, cpu, peak = row.median("wall"), row.median("cpu"), row.median("peak_mb")
        print(f"{row.name:44} {wall:8.3f} {cpu:8.3f} {peak:8.1f}  {row.goal:30} {ratio:>6}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--project", type=Path, help="a CUDA project to time (llm.c in the issue)")
    parser.add_argument("--file", default="train_gpt2.cu", help="the one file `lint FILE` times (in --project)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs per command (the median is printed)")
    parser.add_argument("--lines", type=int, default=1_000_000, help="size of the generated project")
    parser.add_argument("--no-generated", action="store_true", help="skip the generated project")
    parser.add_argument("--jobs", type=int, default=0, help="convert -j for the generated project (0: one per core)")
    parser.add_argument("--hipify-perl", help="hipify-perl for the anchor (default: one on PATH; none: no anchor)")
    args = parser.parse_args()
    if args.project is None and args.no_generated:
        parser.error("nothing to time: give --project, or leave out --no-generated")
    rows: list[Row] = []
    global CACHE_HOME
    with tempfile.TemporaryDirectory(prefix="hipify-plus-speed-") as scratch:
        out = Path(scratch)
        CACHE_HOME = out / "cache"
        if args.project is not None:
            project = args.project.resolve()
            files, lines = count_lines(project)
            print(f"{project}: {files} source files, {lines:,} lines; median of {args.runs} runs")
            hipify_perl = find_hipify_perl(args.hipify_perl)
            if hipify_perl is None:
                print("no hipify-perl found: no anchor (give --hipify-perl PATH)")
            rows += project_rows(project, args.file, args.runs, out, hipify_perl)
        if not args.no_generated:
            rows += generated_rows(args.lines, args.runs, out, args.jobs)
    print_table(rows)
    print("ratio: median / goal (for the rates, goal / rate): at most 1.00 meets the goal")
    return 0


if __name__ == "__main__":
    sys.exit(main())
