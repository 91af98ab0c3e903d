"""`hipify-plus resources`: per-kernel AMD resource usage, the CUDA side beside it, tuning."""

from __future__ import annotations

import json
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from hipify_plus.commands.exits import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS, usage_error
from hipify_plus.files import walk
from hipify_plus.fsutil import DEFAULT_MAX_FILE_SIZE, default_cache_dir, input_problem
from hipify_plus.report.formats import write_report
from hipify_plus.resources.estimate import DEFAULT_THREADS
from hipify_plus.resources.estimate import estimate as estimate_usage
from hipify_plus.resources.hipcc import CompilerError, HipccNotFound, find_hipcc
from hipify_plus.resources.measure import Measurement, MeasureSettings, findings, measure
from hipify_plus.resources.nvcc import CudaCompileError, cuda_usage, find_nvcc

COLUMNS = (
    "kernel",
    "file:line",
    "arch",
    "VGPR",
    "AGPR",
    "SGPR",
    "scratch",
    "VGPR spill",
    "SGPR spill",
    "occ",
    "LDS",
    "CUDA regs",
    "CUDA spill",
    "CUDA smem",
)


def table(measurement: Measurement) -> str:
    rows = []
    for row in measurement.rows:
        u, c = row.usage, row.cuda
        rows.append(
            (
                row.kernel,
                f"{row.original}:{row.line}",
                u.arch,
                u.vgpr,
                u.agpr,
                u.sgpr,
                u.scratch,
                u.vgpr_spill,
                u.sgpr_spill,
                u.occupancy,
                u.lds,
                c.registers if c else "-",
                (c.spill_stores + c.spill_loads) if c else "-",
                c.smem if c else "-",
            )
        )
    widths = [max(len(str(x)) for x in column) for column in zip(COLUMNS, *rows, strict=True)]
    lines = [
        "  ".join(
            str(v).ljust(w) if i < 3 else str(v).rjust(w) for i, (v, w) in enumerate(zip(line, widths, strict=True))
        )
        for line in [COLUMNS, *rows]
    ]
    return "\n".join(line.rstrip() for line in lines) + "\n"


@dataclass(frozen=True, kw_only=True)
class ResourcesArgs:
    """What `run_resources` is asked to do: the command line's options, one field each."""

    paths: list[Path]
    arches: list[str]
    hipcc: str | None
    nvcc: str | None
    no_cuda: bool
    sm: str
    includes: list[str]
    defines: list[str]
    compile_commands: Path | None
    jobs: int
    no_cache: bool
    min_occupancy: int
    tune: bool
    fix: bool
    output_format: str
    max_file_size: int = DEFAULT_MAX_FILE_SIZE


def run_resources(args: ResourcesArgs) -> int:
    arches = args.arches or ["gfx90a"]
    for arch in arches:
        if not arch.startswith("gfx"):
            return usage_error(f"--arch {arch!r} is not an AMD target such as gfx90a")
    flags = tuple([f"-I{i}" for i in args.includes] + [f"-D{d}" for d in args.defines])
    nvcc_path = None if args.no_cuda else find_nvcc(args.nvcc)
    try:
        compiler = find_hipcc(args.hipcc)
    except HipccNotFound as exc:
        return estimate(args.paths, arches, nvcc_path, args.sm, list(flags), args.output_format, str(exc))
    settings = MeasureSettings(
        arches=tuple(arches),
        hipcc=compiler,
        nvcc=nvcc_path,
        sm=args.sm,
        flags=flags,
        compile_commands=args.compile_commands,
        jobs=args.jobs,
        cache_dir=None if args.no_cache else default_cache_dir(),
        min_occupancy=args.min_occupancy,
        max_file_size=args.max_file_size,
    )
    try:
        measurement = measure(args.paths, settings)
    except CompilerError as exc:
        return usage_error(str(exc))
    try:
        diagnostics = findings(measurement, args.min_occupancy)
        proposals = []
        if args.tune or args.fix:
            from hipify_plus.resources.tune import apply_proposals
            from hipify_plus.resources.tune import tune as run_tune

            sources = sorted({u.original for u in measurement.units})
            proposals = run_tune(measurement, settings, sources)
            if args.fix:
                for proposal, problem in apply_proposals([p for p in proposals if p.candidate is not None]):
                    print(
                        f"hipify-plus: {'not applied: ' + problem if problem else 'applied'}: {proposal.summary()}",
                        file=sys.stderr,
                    )
        if args.output_format == "json":
            json.dump(
                {
                    "hipcc": {"path": compiler.path, "version": compiler.version},
                    "arches": arches,
                    "kernels": [r.to_json() for r in measurement.rows],
                    "findings": [d.to_json() for d in diagnostics],
                    "tuning": [p.to_json() for p in proposals],
                    "errors": measurement.errors,
                    "estimate": False,
                },
                sys.stdout,
                indent=2,
            )
            sys.stdout.write("\n")
        elif args.output_format in ("sarif", "github"):
            write_report(args.output_format, diagnostics, {}, sys.stdout)
        elif measurement.rows:
            sys.stdout.write(table(measurement))
            if diagnostics:
                sys.stdout.write("\n")
                write_report("concise", diagnostics, {}, sys.stdout)
            for proposal in proposals:
                sys.stdout.write(f"\ntune: {proposal.summary()}\n")
        elif not measurement.errors:
            print("hipify-plus: no kernels in the given files", file=sys.stderr)
        for message in measurement.errors:
            print(f"hipify-plus: error: {message}", file=sys.stderr)
    finally:
        if measurement.workdir is not None:
            shutil.rmtree(measurement.workdir, ignore_errors=True)
    if not measurement.rows and measurement.errors:
        return EXIT_ERROR
    return EXIT_FINDINGS if diagnostics or measurement.errors else EXIT_CLEAN


def estimate(
    paths: list[Path], arches: list[str], nvcc: str | None, sm: str, flags: list[str], output_format: str, no_hipcc: str
) -> int:
    """No hipcc: estimate AMD occupancy from the CUDA register counts with the occupancy model."""
    print(
        f"hipify-plus: {no_hipcc}: install ROCm or Debian's `hipcc`, or pass --hipcc. "
        "Showing estimates from the occupancy model instead.",
        file=sys.stderr,
    )
    if nvcc is None:
        return usage_error("no hipcc and no nvcc: nothing to measure or estimate register counts from")
    rows = []
    checked = {path: input_problem(path) for path in paths}
    problems = [problem for problem in checked.values() if problem]
    files = [
        found.path
        for found in walk(
            [p for p, problem in checked.items() if not problem],
            [],
            [],
            on_error=lambda folder, why: problems.append(f"{folder}: {why}"),
        )
        if found.path.suffix == ".cu" and found.path.is_file()
    ]
    for file in files:
        try:
            usages = cuda_usage(nvcc, file, sm, flags)
        except CudaCompileError as exc:
            problems.append(str(exc))
            continue
        for name, usage in usages.items():
            for arch in arches:
                guess = estimate_usage(arch, usage.registers, usage.smem, DEFAULT_THREADS)
                if guess is None:
                    continue
                rows.append(
                    {
                        "kernel": name,
                        "file": str(file),
                        "arch": arch,
                        "estimate": True,
                        "cuda_registers": usage.registers,
                        "occupancy_at_1024_threads": guess.occupancy,
                        "register_cap_without_launch_bounds": guess.cap,
                        "likely_spills_without_launch_bounds": guess.likely_spills,
                    }
                )
    if output_format == "json":
        json.dump({"estimate": True, "kernels": rows}, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        for row in rows:
            spill = "likely spills" if row["likely_spills_without_launch_bounds"] else "fits"
            sys.stdout.write(
                f"{row['kernel']}  {row['file']}  {row['arch']}  CUDA regs {row['cuda_registers']}  "
                f"cap {row['register_cap_without_launch_bounds']} ({spill} without launch bounds)  "
                f"est. occupancy {row['occupancy_at_1024_threads']} [estimate]\n"
            )
    for message in problems:
        print(f"hipify-plus: error: {message}", file=sys.stderr)
    if problems and not rows:
        return EXIT_ERROR
    return EXIT_FINDINGS if problems or any(r["likely_spills_without_launch_bounds"] for r in rows) else EXIT_CLEAN
