"""`hipify-plus lint`: find AMD hazards in CUDA and HIP sources and build files; fix them."""

from __future__ import annotations

import difflib
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

from hipify_plus.commands.exits import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS, usage_error
from hipify_plus.diagnostics import Diagnostic
from hipify_plus.edits import Applicability
from hipify_plus.files import walk
from hipify_plus.fsutil import (
    DEFAULT_MAX_FILE_SIZE,
    SkipFile,
    UnreadableFile,
    input_problem,
    read_source,
    write_atomic,
)
from hipify_plus.lint.baseline import Baseline, BaselineError
from hipify_plus.lint.engine import file_kind, lint, lint_and_fix
from hipify_plus.lint.settings import ConfigError, LintSettings, settings_for
from hipify_plus.report.formats import write_report


@dataclass
class LintRun:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    internal: list[str] = field(default_factory=list)
    sources: dict[str, bytes] = field(default_factory=dict)
    unreadable: bool = False  # a path was missing or could not be read: never a clean exit



def _lint_job(display: str, data: bytes, settings: LintSettings, fix: Applicability | None):
    """(diagnostics, fixed data or None, internal errors, why fixing stopped) for one file."""
    if fix is None:
        result = lint(display, data, settings)
        return result.diagnostics, None, result.internal_errors, ""
    outcome = lint_and_fix(display, data, settings, fix)
    return outcome.result.diagnostics, outcome.data, outcome.result.internal_errors, outcome.stopped


_PARALLEL_FROM = 8  # files; below this, worker start-up costs more than it saves


def _results(jobs: list[tuple[str, bytes, LintSettings, Applicability | None]], workers: int):
    if workers <= 1 or len(jobs) < _PARALLEL_FROM:
        for job in jobs:
            yield _guarded(job)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_guarded, jobs, chunksize=max(1, len(jobs) // (workers * 4)))


def _guarded(job):
    try:
        return _lint_job(*job)
    except Exception as exc:  # noqa: BLE001 - reported per file
        return [], None, [f"internal error: {type(exc).__name__}: {exc}"], ""


def lint_paths(
    paths: list[Path], settings: LintSettings, fix: Applicability | None, diff: bool,
    max_file_size: int = DEFAULT_MAX_FILE_SIZE, jobs: int = 0,
) -> LintRun:
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
    workers = jobs or os.cpu_count() or 1
    results = _results([(display, data, settings, fix) for _, display, data in items], workers)
    for (path, display, data), (diagnostics, fixed, internal, stopped) in zip(items, results):
        run.diagnostics += diagnostics
        run.internal += [f"{display}: {e}" for e in internal]
        if stopped:
            run.errors.append(f"{display}: {stopped}")
        if fixed is None or fixed == data:
            continue
        run.changed.append(display)
        if diff:
            sys.stdout.writelines(difflib.unified_diff(
                data.decode("utf-8", "surrogateescape").splitlines(keepends=True),
                fixed.decode("utf-8", "surrogateescape").splitlines(keepends=True),
                fromfile=display, tofile=display,
            ))
            continue
        try:
            write_atomic(path, fixed, path.stat().st_mode, durable=True)
        except OSError as exc:
            run.errors.append(f"{display}: cannot write: {exc.strerror or exc}")
            continue
        run.sources[display] = fixed
        print(f"Rewriting {display}", file=sys.stderr)
    return run


def run_lint(
    *, paths: list[Path], select: list[str], ignore: list[str], fix: bool, unsafe_fixes: bool | None,
    diff: bool, output_format: str | None, config: Path | None, target_rocm: str | None,
    arches: list[str], baseline: Path | None, write_baseline: Path | None, exit_zero: bool, quiet: bool,
    max_file_size: int = DEFAULT_MAX_FILE_SIZE,
) -> int:
    try:
        settings = settings_for(
            config, paths[0] if paths else Path.cwd(), select=select or None, ignore=ignore or None, unsafe_fixes=unsafe_fixes,
            target_rocm=target_rocm, arches=[a for item in arches for a in item.split(",") if a] or None,
        )
        accepted = Baseline.load(baseline) if baseline is not None else None
    except (ConfigError, BaselineError) as exc:
        return usage_error(str(exc))
    unknown = [s for s in (*settings.select, *settings.ignore) if not _selects_something(s)]
    if unknown:
        return usage_error(f"unknown rule selector(s): {', '.join(unknown)} (`hipify-plus rules` lists them)")

    minimum = None
    if fix or diff:
        minimum = Applicability.UNSAFE if settings.unsafe_fixes else Applicability.SAFE
    run = lint_paths(paths, settings, minimum, diff, max_file_size)

    diagnostics = run.diagnostics
    if write_baseline is not None:
        try:
            Baseline.from_diagnostics(diagnostics, run.sources).save(write_baseline)
        except OSError as exc:
            return usage_error(f"cannot write baseline {write_baseline}: {exc.strerror or exc}")
        print(f"hipify-plus: wrote {len(diagnostics)} findings to {write_baseline}", file=sys.stderr)
        return EXIT_CLEAN
    if accepted is not None:
        diagnostics = accepted.new_findings(diagnostics, run.sources)

    fmt = output_format or settings.output_format or "text"
    if not diff:
        write_report(fmt, diagnostics, run.sources, sys.stdout)
    for message in run.errors:
        print(f"hipify-plus: warning: {message}", file=sys.stderr)
    for message in run.internal:
        print(f"hipify-plus: internal error: {message}", file=sys.stderr)
    if not quiet and diff:
        print(f"Would fix {len(run.changed)} file(s).", file=sys.stderr)
    elif not quiet and fmt == "text":
        safe = sum(1 for d in diagnostics if d.fix is not None and d.fix.applicability == Applicability.SAFE)
        unsafe = sum(1 for d in diagnostics if d.fix is not None and d.fix.applicability == Applicability.UNSAFE)
        hints = []
        if safe:
            hints.append(f"{safe} fixable with --fix")
        if unsafe and not settings.unsafe_fixes:
            hints.append(f"{unsafe} more with --unsafe-fixes")
        elif unsafe:
            hints.append(f"{unsafe} fixable with --fix")
        tail = f" ({', '.join(hints)})" if hints else ""
        fixed = f", fixed {len(run.changed)} file(s)" if run.changed else ""
        print(f"Found {len(diagnostics)} finding(s){tail}{fixed}.", file=sys.stderr)
    if run.internal:
        return EXIT_ERROR
    if exit_zero:
        return EXIT_CLEAN
    return EXIT_FINDINGS if diagnostics or run.changed or run.unreadable else EXIT_CLEAN


def _selects_something(selector: str) -> bool:
    from hipify_plus.registry import rule_names

    return selector == "ALL" or any(r.startswith(selector) or name == selector for r, name in rule_names().items())
