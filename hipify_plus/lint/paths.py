"""Linting files and folders: read each file the walk finds (skipping what cannot be read, with
the reason), lint or fix it in worker processes, and write fixes atomically or show them as a diff.
`hipify-plus lint` (commands/lint.py) and the report (report/gap.py) both run it."""

from __future__ import annotations

import difflib
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, TextIO, TypeVar

from hipify_plus.cuda.includes import defined_macros, parsed_header
from hipify_plus.diagnostics import Diagnostic
from hipify_plus.edits import Applicability
from hipify_plus.filekinds import file_kind, is_header
from hipify_plus.files import walk
from hipify_plus.fsutil import (
    DEFAULT_MAX_FILE_SIZE,
    SkipFile,
    UnreadableFile,
    input_problem,
    read_source,
    recording_reads,
    write_atomic,
)
from hipify_plus.lint.cache import LintCache, Reads
from hipify_plus.lint.settings import LintSettings
from hipify_plus.pool import Workers

if TYPE_CHECKING:  # tree-sitter is not imported by a run the cache answers
    from hipify_plus.parse import Tree


@dataclass
class LintRun:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    internal: list[str] = field(default_factory=list)
    sources: dict[str, bytes] = field(default_factory=dict)
    unreadable: bool = False  # a path was missing or could not be read: never a clean exit
    fixed: dict[str, Counter[str]] = field(default_factory=dict)  # path -> rule -> fixes applied


def _lint_job(
    display: str, data: bytes, settings: LintSettings, fix: Applicability | None
) -> tuple[list[Diagnostic], bytes | None, list[str], str, Counter[str]]:
    """(diagnostics, fixed data or None, internal errors, why fixing stopped, fixes applied per
    rule) for one file."""
    from hipify_plus.lint.engine import lint, lint_and_fix  # not imported by a run the cache answers

    if fix is None:
        result = lint(display, data, settings, _shared_parse(display, data))
        return result.diagnostics, None, result.internal_errors, "", Counter()
    outcome = lint_and_fix(display, data, settings, fix)
    return outcome.result.diagnostics, outcome.data, outcome.result.internal_errors, outcome.stopped, outcome.fixed


def _shared_parse(path: str, data: bytes) -> Tree | None:
    """A header's parse as the files that include it read it (cuda/includes.py `parsed_header`,
    one per process), so that a header is parsed once whether it is linted or included first;
    None for other files, or when the header on disk is not `data`. Never for a fix: fixing
    reparses from the tree it is given, which would edit the shared one."""
    if not is_header(path):
        return None
    parsed = parsed_header(path)
    return parsed.tree if parsed is not None and parsed.data == data else None


Job = tuple[str, bytes, LintSettings, Applicability | None]
JobResult = tuple[list[Diagnostic], bytes | None, list[str], str, Counter[str]]
_R = TypeVar("_R")


# Linting this many files in this process, importing every detector module the selection can
# use costs less than working out per file which ones it needs (0.07 s against 0.5 ms a file).
_IMPORT_ALL_INLINE = 100


def _results(jobs: list[Job], workers: int, function: Callable[[Job], _R]) -> Iterator[_R]:
    with Workers(workers, [len(data) for _, data, _, _ in jobs], lambda: _import_detectors(jobs)) as pool:
        if pool.pool is None and len(jobs) >= _IMPORT_ALL_INLINE:
            _import_detectors(jobs)
        yield from pool.map(function, jobs)


def _import_detectors(jobs: list[Job]) -> None:
    """Before the workers fork: the detectors the jobs' selections use, imported once here."""
    from hipify_plus.lint.engine import _detectors_for

    for select in {tuple(settings.select) for _, _, settings, _ in jobs}:
        _detectors_for(select)


def recorded_lint_job(job: Job) -> tuple[JobResult, Reads]:
    """One file's lint, with the other files it looked at and their stamps (for the cache)."""
    with recording_reads() as reads:
        result = guarded_lint_job(job)
    return result, reads


def guarded_lint_job(
    job: tuple[str, bytes, LintSettings, Applicability | None],
) -> tuple[list[Diagnostic], bytes | None, list[str], str, Counter[str]]:
    try:
        return _lint_job(*job)
    except Exception as exc:  # noqa: BLE001 - reported per file
        return [], None, [f"internal error: {type(exc).__name__}: {exc}"], "", Counter()


def lint_paths(
    paths: list[Path],
    settings: LintSettings,
    fix: Applicability | None,
    diff: bool,
    max_file_size: int = DEFAULT_MAX_FILE_SIZE,
    jobs: int = 0,
    diff_out: TextIO | None = None,
    cache_dir: Path | None = None,
) -> LintRun:
    """Lint (and with `fix`, fix) every file under `paths`; `--diff`'s diff goes to `diff_out`
    (standard output unless given). With `cache_dir`, a lint without fixes answers from the
    results remembered there where they still hold, and remembers the new ones (lint/cache.py)."""
    run = LintRun()
    usable = []
    for path in paths:
        problem = input_problem(path)
        if problem:
            run.errors.append(problem)
            run.unreadable = True
        else:
            usable.append(path)
    items: list[tuple[Path, str, bytes]] = []

    def unlistable(folder: Path, why: str) -> None:
        run.errors.append(f"{folder}: {why}")
        run.unreadable = True

    for item in walk(usable, [], list(settings.exclude), on_error=unlistable):
        display = str(item.path)
        if file_kind(item.path.name) is None:
            continue
        try:
            data = read_source(item.path, max_file_size)
        except SkipFile as exc:
            run.errors.append(f"{display}: {exc}: not linted")
            run.unreadable = run.unreadable or isinstance(exc, UnreadableFile)
            continue
        if b"\0" in data[:8192]:
            run.errors.append(f"{display}: binary file, not linted")
            continue
        run.sources[display] = data
        items.append((item.path, display, data))
    defined = frozenset().union(*(defined_macros(data) for _, _, data in items))
    if defined:
        settings = replace(settings, project_macros=settings.project_macros | defined)
    jobs_of = [(display, data, settings, fix) for _, display, data in items]
    if cache_dir is None or fix is not None or settings.precise:
        results: Iterator[JobResult] = _results(jobs_of, jobs, guarded_lint_job)
    else:
        results = iter(_cached_results(jobs_of, jobs, LintCache(cache_dir, settings)))
    for (path, display, data), (diagnostics, fixed, internal, stopped, applied) in zip(items, results, strict=True):
        run.diagnostics += diagnostics
        run.internal += [f"{display}: {e}" for e in internal]
        if stopped:
            run.errors.append(f"{display}: {stopped}")
        if fixed is None or fixed == data:
            continue
        run.changed.append(display)
        if diff:
            write_diff(data, fixed, display, diff_out or sys.stdout)
            run.fixed[display] = applied
            continue
        try:
            write_atomic(path, fixed, path.stat().st_mode, durable=True)
        except OSError as exc:
            run.errors.append(f"{display}: cannot write: {exc.strerror or exc}")
            continue
        run.sources[display] = fixed
        run.fixed[display] = applied
        print(f"Rewriting {display}", file=sys.stderr)
    return run


def _cached_results(jobs: list[Job], workers: int, cache: LintCache) -> list[JobResult]:
    """Each job's result, from the cache where it holds, else linted (and then remembered,
    unless a detector failed)."""
    found: list[JobResult | None] = []
    for display, data, _, _ in jobs:
        hit = cache.get(display, data)
        found.append((hit[0], None, hit[1], "", Counter()) if hit is not None else None)
    missing = [i for i, result in enumerate(found) if result is None]
    linted = _results([jobs[i] for i in missing], workers, recorded_lint_job)
    for i, (result, reads) in zip(missing, linted, strict=True):
        found[i] = result
        display, data = jobs[i][0], jobs[i][1]
        diagnostics, _, internal, _, _ = result
        if not internal:
            cache.put(display, data, (diagnostics, internal), reads)
    return [result for result in found if result is not None]


def write_diff(old: bytes, new: bytes, display: str, out: TextIO) -> None:
    out.writelines(
        difflib.unified_diff(
            old.decode("utf-8", "surrogateescape").splitlines(keepends=True),
            new.decode("utf-8", "surrogateescape").splitlines(keepends=True),
            fromfile=display,
            tofile=display,
        )
    )
