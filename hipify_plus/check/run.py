"""`convert --check`: compile every converted unit with hipcc (in parallel, cached by content) and
give every converted file a status."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from functools import cache, partial
from pathlib import Path

from hipify_plus.check.compile import Compiled, cache_key, header_available, syntax_check
from hipify_plus.check.explain import Explainer
from hipify_plus.check.includes import Closure, IncludeScanner, include_folders
from hipify_plus.check.matrix import MatrixCount, count_unit, wmma_kernels
from hipify_plus.check.matrix import findings as matrix_findings
from hipify_plus.check.model import COMPILES, NOT_CHECKED, CheckResult, CheckSettings, FileCheck, worst
from hipify_plus.check.units import Converted, split_units
from hipify_plus.compile_flags import map_include
from hipify_plus.convert import FileOutcome
from hipify_plus.diagnostics import Diagnostic
from hipify_plus.filekinds import file_kind
from hipify_plus.pool import worker_count
from hipify_plus.resources.hipcc import Hipcc

DEFAULT_STD = "-std=c++17"  # nvcc's default dialect
_CONVERTED = ("changed", "unchanged", "cached")
_IN_TREE = (*_CONVERTED, "copied", "skipped")  # skipped with an output: an oversize file, copied
_PAIRED = ("-I", "-isystem", "-iquote", "-D", "-U")


def _absolute(path: str | Path) -> Path:
    return Path(os.path.abspath(path))


def folder_map(outcomes: Iterable[FileOutcome]) -> Callable[[Path], Path | None]:
    """An input folder -> its converted copy. Each file's folders are paired with its output's
    folders upwards while their names agree; a folder with no such pair (or whose copy does not
    exist) is not mapped."""
    pairs: dict[Path, Path] = {}
    for outcome in outcomes:
        if not outcome.output or outcome.status not in _IN_TREE:
            continue
        source, copy = _absolute(outcome.input).parent, _absolute(outcome.output).parent
        while True:
            pairs.setdefault(source, copy)
            if source.name != copy.name or source == source.parent or copy == copy.parent:
                break
            source, copy = source.parent, copy.parent

    def mapped(folder: Path) -> Path | None:
        folder = _absolute(folder)
        for ancestor in (folder, *folder.parents):
            if ancestor in pairs:
                candidate = pairs[ancestor] / folder.relative_to(ancestor)
                return candidate if candidate.is_dir() else None
        return None

    return mapped


def _joined(flags: Iterable[str]) -> list[str]:
    """`-I x` -> `-I/abs/x` (and -D, -U ...), so every flag is one word and every folder absolute."""
    joined: list[str] = []
    items = iter(flags)
    for flag in items:
        if flag in _PAIRED:
            flag += next(items, "")
        for prefix in ("-isystem", "-iquote", "-I"):
            if flag.startswith(prefix) and len(flag) > len(prefix):
                flag = prefix + str(_absolute(flag[len(prefix) :]))
                break
        joined.append(flag)
    return joined


def _unit_flags(unit: Converted, settings: CheckSettings, mapped: Callable[[Path], Path | None]) -> list[str]:
    own = settings.file_flags.get(str(Path(unit.input).resolve()), [])
    flags = [map_include(f, mapped) for f in _joined([*settings.flags, *own])]
    return flags if any(f.startswith("-std=") for f in flags) else [*flags, DEFAULT_STD]


def check_conversion(outcomes: list[FileOutcome], settings: CheckSettings) -> CheckResult:
    """Compile every converted unit for every target and give each converted file a status.
    Writes nothing but the cache (settings.cache_dir/check/)."""
    converted = [
        Converted(o.input, _absolute(o.output), o.positions)
        for o in outcomes
        if o.output and o.status in _CONVERTED and file_kind(o.input) == "source"
    ]
    project = [_absolute(o.output) for o in outcomes if o.output and o.status in _IN_TREE]
    mapped = folder_map(outcomes)
    scanner = IncludeScanner(project)
    common = include_folders(map_include(f, mapped) for f in _joined(settings.flags))
    split = split_units(converted, scanner, common)
    result = CheckResult(settings.hipcc, settings.arches, no_hipcc=settings.no_hipcc)
    hipcc = settings.hipcc
    if hipcc is None:
        why = f"no hipcc ({settings.no_hipcc})" if settings.no_hipcc else "no hipcc"
        result.files = [
            FileCheck(c.input, str(c.output), kind, NOT_CHECKED, why)
            for kind, group in (("unit", split.units), ("header", split.headers))
            for c in group
        ]
        result.files += [_host(c) for c in split.host]
        return result

    plans = [_plan(unit, settings, mapped, scanner) for unit in split.units]
    compiled = _compile_all(plans, settings, hipcc, project)

    available = cache(partial(header_available, hipcc, arch=settings.arches[0]))  # asked once per header
    findings = {o.input: [d for d in o.diagnostics if d.severity == "error"] for o in outcomes}
    explainer = Explainer({c.output: c for c in converted}, findings, hipcc, scanner, available, settings.target_rocm)
    many = len(settings.arches) > 1
    units = {
        unit.output: _unit_status(unit, results, explainer, many)
        for (unit, _, _), results in zip(plans, compiled, strict=True)
    }
    result.files = list(units.values())
    includers: dict[Path, list[tuple[Converted, list[Compiled]]]] = {}
    for (unit, _, closure), results in zip(plans, compiled, strict=True):
        for path in closure.files[1:]:
            includers.setdefault(path, []).append((unit, results))
    for header in split.headers:
        result.files.append(_header_status(header, includers.get(header.output, []), units, explainer, many))
    result.files += [_host(c) for c in split.host]
    matrix = _count_matrix_instructions(plans, compiled, units, settings, hipcc)
    result.diagnostics = sorted([*explainer.new.values(), *matrix], key=lambda d: (d.path, d.line, d.column))
    return result


def _count_matrix_instructions(
    plans: list[tuple[Converted, list[str], Closure]],
    compiled: list[list[Compiled]],
    units: dict[Path, FileCheck],
    settings: CheckSettings,
    hipcc: Hipcc,
) -> list[Diagnostic]:
    """WMMA units: matrix instructions per kernel for each target they compile for (check/matrix.py)."""
    found: list[Diagnostic] = []
    for (unit, flags, closure), results in zip(plans, compiled, strict=True):
        try:
            kernels = wmma_kernels(unit.output.read_bytes())
        except OSError:
            continue
        if not kernels:
            continue
        count = MatrixCount()
        for arch_result in results:
            if not arch_result.compiles:
                continue
            counts, problem = count_unit(hipcc, unit.output, arch_result.arch, flags, closure.files, settings.cache_dir)
            if counts is None:
                count.problems[arch_result.arch] = problem
            else:
                count.counts[arch_result.arch] = {name: counts.get(name, 0) for name, _ in kernels}
        units[unit.output].matrix = count.counts
        found += matrix_findings(unit, kernels, count, hipcc)
    return found


def _plan(
    unit: Converted, settings: CheckSettings, mapped: Callable[[Path], Path | None], scanner: IncludeScanner
) -> tuple[Converted, list[str], Closure]:
    """A unit's flags (with the folders inferred for it) and every file it can include."""
    flags = _unit_flags(unit, settings, mapped)
    closure = scanner.closure(unit.output, include_folders(flags))
    return unit, [*flags, *(f"-I{folder}" for folder in closure.inferred)], closure


def _compile_all(
    plans: list[tuple[Converted, list[str], Closure]], settings: CheckSettings, hipcc: Hipcc, project: list[Path]
) -> list[list[Compiled]]:
    """Every unit for every target, in parallel threads (the work is in hipcc), per unit."""

    def run(unit: Converted, flags: list[str], closure: Closure, arch: str) -> Compiled:
        cache_file = None
        if settings.cache_dir is not None:
            # a computed #include may reach any project file
            files = closure.files + (sorted(set(project) - set(closure.files)) if closure.computed else [])
            cache_file = settings.cache_dir / "check" / f"{cache_key(hipcc, arch, flags, files)}.json"
        return syntax_check(hipcc, unit.output, arch, flags, cache_file)

    with ThreadPoolExecutor(max_workers=worker_count(settings.jobs)) as pool:
        futures = [
            [pool.submit(run, unit, flags, closure, arch) for arch in settings.arches] for unit, flags, closure in plans
        ]
        return [[future.result() for future in per_arch] for per_arch in futures]


def _host(converted: Converted) -> FileCheck:
    return FileCheck(
        converted.input, str(converted.output), "host", NOT_CHECKED, "no HIP or CUDA code: left to the host compiler"
    )


def _failure(
    check: FileCheck,
    results: list[Compiled],
    explainer: Explainer,
    unit: Converted,
    many: bool,
    only: Path | None = None,
) -> FileCheck:
    """Fill in `check` from the first error (in `only`, when given) of the first target with one."""
    for compiled in results:
        errors = [e for e in compiled.errors if only is None or Path(e.where.path) == only]
        if not errors:
            continue
        error = errors[0]
        verdict = explainer.judge(error)
        check.status, check.error, check.arch = verdict.status, error, compiled.arch
        check.cause, check.cause_class = verdict.cause, verdict.label
        if verdict.status == NOT_CHECKED:
            check.reason, check.missing = verdict.reason, verdict.missing
            return check
        check.reason = f"{error}" + (f" [{compiled.arch}]" if many else "")
        check.finding, check.explained = explainer.explain(error, verdict.cause, compiled.arch, unit)
        return check
    return check


def _unit_status(unit: Converted, results: list[Compiled], explainer: Explainer, many: bool) -> FileCheck:
    check = FileCheck(unit.input, str(unit.output), "unit", COMPILES, cached=all(r.cached for r in results))
    if all(r.compiles for r in results):
        return check
    if any(r.errors for r in results):
        return _failure(check, results, explainer, unit, many)
    broken = next(r for r in results if r.problem)
    check.status, check.reason, check.arch = NOT_CHECKED, broken.problem, broken.arch
    return check


def _header_status(
    header: Converted,
    including: list[tuple[Converted, list[Compiled]]],
    units: dict[Path, FileCheck],
    explainer: Explainer,
    many: bool,
) -> FileCheck:
    """An error inside the header is its own; otherwise it compiles when a unit that includes it
    compiles, and else takes the status of those units."""
    check = FileCheck(
        header.input, str(header.output), "header", COMPILES, units=tuple(sorted(unit.input for unit, _ in including))
    )
    if not including:
        check.status, check.reason = NOT_CHECKED, "no checked unit includes it"
        return check
    for unit, results in including:
        if any(Path(e.where.path) == header.output for r in results for e in r.errors):
            return _failure(check, results, explainer, unit, many, only=header.output)
    statuses = [units[unit.output] for unit, _ in including]
    if any(s.status == COMPILES for s in statuses):
        return check
    status = worst([s.status for s in statuses])
    first = next(s for s in statuses if s.status == status)
    check.status, check.error, check.cause, check.missing = status, first.error, first.cause, first.missing
    check.cause_class = first.cause_class
    check.finding, check.explained, check.arch = first.finding, first.explained, first.arch
    check.reason = f"through {first.input}: {first.reason}"
    return check
