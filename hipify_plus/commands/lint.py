"""`hipify-plus lint`: find AMD hazards in CUDA and HIP sources and build files; fix them."""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TextIO

from hipify_plus.commands.exits import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS, usage_error
from hipify_plus.commands.output import ReportOutput, is_standard_input, read_standard_input, write_standard_output
from hipify_plus.compile_flags import CompileCommandsError, compile_command_flags
from hipify_plus.diagnostics import Diagnostic
from hipify_plus.edits import Applicability
from hipify_plus.fsutil import DEFAULT_MAX_FILE_SIZE, default_cache_dir, write_atomic
from hipify_plus.lint.baseline import Baseline, BaselineError
from hipify_plus.lint.paths import LintRun, guarded_lint_job, lint_paths, write_diff
from hipify_plus.lint.settings import ConfigError, LintSettings, settings_for
from hipify_plus.report.formats import write_report
from hipify_plus.report.statistics import STATISTICS_FORMATS, rule_statistics, write_statistics
from hipify_plus.report.text import write_applied_fixes, write_available_fixes


@dataclass(frozen=True, kw_only=True)
class LintArgs:
    """What `run_lint` is asked to do: the command line's options, one field each."""

    paths: list[Path]
    select: list[str]
    ignore: list[str]
    fix: bool
    unsafe_fixes: bool | None
    diff: bool
    output_format: str | None
    config: Path | None
    target_rocm: str | None
    arches: list[str]
    baseline: Path | None
    write_baseline: Path | None
    exit_zero: bool
    quiet: bool
    max_file_size: int = DEFAULT_MAX_FILE_SIZE
    statistics: bool = False
    show_fixes: bool = False
    add_noqa: bool = False
    output_file: Path | None = None
    stdin_filename: str | None = None
    precise: bool = False
    clang_flags: list[str] = field(default_factory=list)  # -I/-D for --precise
    compile_commands: Path | None = None
    use_cache: bool = True  # remember results across runs (lint/cache.py); --no-cache: neither read nor write


def run_lint(args: LintArgs) -> int:
    """`paths` of ["-"] (or none, with `stdin_filename`) lints standard input as the file
    `stdin_filename` names (its kind, config and per-file-ignores); `--fix` then writes the fixed
    text to standard output and the report to standard error (or `output_file`)."""
    stdin = is_standard_input(args.paths, args.stdin_filename)
    problem = _usage_problem(
        args.paths,
        stdin,
        args.fix,
        args.diff,
        args.statistics,
        args.add_noqa,
        args.write_baseline,
        args.output_format,
        args.output_file,
    )
    if problem:
        return usage_error(problem)
    if args.stdin_filename is not None and not stdin:
        print("hipify-plus: warning: --stdin-filename is used only when reading standard input (`-`)", file=sys.stderr)
    start = (
        Path(args.stdin_filename)
        if stdin and args.stdin_filename
        else args.paths[0]
        if args.paths and not stdin
        else Path.cwd()
    )
    try:
        settings = settings_for(
            args.config,
            start,
            select=args.select or None,
            ignore=args.ignore or None,
            unsafe_fixes=args.unsafe_fixes,
            target_rocm=args.target_rocm,
            arches=[a for item in args.arches for a in item.split(",") if a] or None,
        )
        accepted = Baseline.load(args.baseline) if args.baseline is not None else None
    except (ConfigError, BaselineError) as exc:
        return usage_error(str(exc))
    if (args.clang_flags or args.compile_commands) and not args.precise:
        return usage_error("-I, -D and --compile-commands are what --precise parses with: add --precise")
    if args.precise:
        from hipify_plus.parse.clang import unavailable as clang_unavailable

        missing = clang_unavailable()
        if missing:
            return usage_error(missing)
        try:
            per_file, problems = compile_command_flags(args.compile_commands)
        except CompileCommandsError as exc:
            return usage_error(str(exc))
        for problem in problems:
            print(f"hipify-plus: warning: {problem}", file=sys.stderr)
        settings = replace(
            settings,
            precise=True,
            clang_flags=tuple(args.clang_flags),
            clang_file_flags=tuple((path, tuple(flags)) for path, flags in sorted(per_file.items())),
        )
    unknown = [s for s in (*settings.select, *settings.ignore) if not _selects_something(s)]
    if unknown:
        return usage_error(f"unknown rule selector(s): {', '.join(unknown)} (`hipify-plus rules` lists them)")
    fmt = args.output_format or settings.output_format or "text"
    if args.statistics and fmt not in STATISTICS_FORMATS:
        return usage_error(f"--statistics gives text or json, not {fmt}")

    level = Applicability.UNSAFE if settings.unsafe_fixes else Applicability.SAFE
    minimum = level if args.fix or args.diff else None
    # the report goes to --output-file, else standard output; with --fix on standard input the
    # fixed text takes standard output and the report goes to standard error
    output = ReportOutput(args.output_file, sys.stderr if stdin and args.fix else None)
    if stdin:
        run = _lint_stdin(args.stdin_filename, settings, minimum, args.diff, args.max_file_size, output.stream)
        if run is None:
            return EXIT_ERROR
    else:
        run = lint_paths(
            args.paths,
            settings,
            minimum,
            args.diff,
            args.max_file_size,
            diff_out=output.stream,
            cache_dir=default_cache_dir() if args.use_cache else None,
        )

    diagnostics = run.diagnostics
    if args.write_baseline is not None:
        try:
            Baseline.from_diagnostics(diagnostics, run.sources).save(args.write_baseline)
        except OSError as exc:
            return usage_error(f"cannot write baseline {args.write_baseline}: {exc.strerror or exc}")
        print(f"hipify-plus: wrote {len(diagnostics)} findings to {args.write_baseline}", file=sys.stderr)
        return EXIT_CLEAN
    if accepted is not None:
        diagnostics = accepted.new_findings(diagnostics, run.sources)
    if args.add_noqa:
        return _add_noqa(run, diagnostics, settings, args.exit_zero, args.quiet)

    if args.statistics:
        write_statistics(fmt, rule_statistics(diagnostics, level), output.stream)
    elif not args.diff:
        write_report(fmt, diagnostics, run.sources, output.stream, settings.docs_url)
    failed = output.finish()
    if failed:
        return usage_error(failed)
    for message in run.errors:
        print(f"hipify-plus: warning: {message}", file=sys.stderr)
    for message in run.internal:
        print(f"hipify-plus: internal error: {message}", file=sys.stderr)
    if args.show_fixes:
        if args.fix or args.diff:
            write_applied_fixes(run.fixed, sys.stderr, would=args.diff)
        else:
            write_available_fixes(diagnostics, level, sys.stderr)
    if not args.quiet and args.diff:
        print(f"Would fix {len(run.changed)} file(s).", file=sys.stderr)
    elif not args.quiet and fmt in ("text", "concise"):
        print(_found_line(diagnostics, run, settings.unsafe_fixes, stdin), file=sys.stderr)
    if run.internal:
        return EXIT_ERROR
    if args.exit_zero:
        return EXIT_CLEAN
    changed = run.changed and not stdin  # standard input changes no file
    return EXIT_FINDINGS if diagnostics or changed or run.unreadable else EXIT_CLEAN


def _usage_problem(
    paths: list[Path],
    stdin: bool,
    fix: bool,
    diff: bool,
    statistics: bool,
    add_noqa: bool,
    write_baseline: Path | None,
    output_format: str | None,
    output_file: Path | None,
) -> str:
    if "-" in [str(p) for p in paths] and len(paths) > 1:
        return "`-` (standard input) cannot be linted together with other paths"
    if add_noqa and stdin:
        return "--add-noqa writes suppressions into files: it cannot take standard input"
    if add_noqa and (fix or diff or write_baseline is not None):
        return "--add-noqa cannot be combined with --fix, --diff or --write-baseline"
    if statistics and diff:
        return "--statistics and --diff both take the output: choose one"
    if output_file is not None and output_file.is_dir():
        return f"--output-file {output_file}: is a folder"
    return ""


def _found_line(diagnostics: list[Diagnostic], run: LintRun, unsafe_fixes: bool, stdin: bool) -> str:
    safe = sum(1 for d in diagnostics if d.fix is not None and d.fix.applicability == Applicability.SAFE)
    unsafe = sum(1 for d in diagnostics if d.fix is not None and d.fix.applicability == Applicability.UNSAFE)
    hints = []
    if safe:
        hints.append(f"{safe} fixable with --fix")
    if unsafe and not unsafe_fixes:
        hints.append(f"{unsafe} more with --unsafe-fixes")
    elif unsafe:
        hints.append(f"{unsafe} fixable with --fix")
    tail = f" ({', '.join(hints)})" if hints else ""
    fixed = ""
    if run.changed:
        fixed = (
            f", fixed {sum(sum(c.values()) for c in run.fixed.values())} finding(s) on standard input"
            if stdin
            else f", fixed {len(run.changed)} file(s)"
        )
    return f"Found {len(diagnostics)} finding(s){tail}{fixed}."


def _lint_stdin(
    stdin_filename: str | None,
    settings: LintSettings,
    minimum: Applicability | None,
    diff: bool,
    max_file_size: int,
    diff_out: TextIO,
) -> LintRun | None:
    """Standard input as the file `stdin_filename` (default: a CUDA source shown as `-`).
    With a fix level and no `diff`, the fixed text (unchanged when nothing applies) goes to
    standard output. None after a usage error."""
    given = read_standard_input(
        stdin_filename,
        max_file_size,
        ("source", "make", "cmake", "setup"),
        "a C/C++/CUDA/HIP source, Makefile, CMakeLists.txt, *.cmake or setup.py",
        "lints",
    )
    if given is None:
        return None
    lint_path, display, data = given.path, given.display, given.data
    run = LintRun()
    diagnostics, fixed, internal, stopped, applied = guarded_lint_job((lint_path, data, settings, minimum))
    if lint_path != display:
        diagnostics = [replace(d, path=display) for d in diagnostics]
    run.diagnostics = diagnostics
    run.internal = [f"{display}: {e}" for e in internal]
    if stopped:
        run.errors.append(f"{display}: {stopped}")
    run.sources[display] = data if fixed is None else fixed
    if fixed is not None and fixed != data:
        run.changed.append(display)
        run.fixed[display] = applied
    if fixed is not None:
        if diff:
            run.sources[display] = data
            write_diff(data, fixed, display, diff_out)
        else:
            write_standard_output(fixed)
    return run


def _add_noqa(run: LintRun, diagnostics: list[Diagnostic], settings: LintSettings, exit_zero: bool, quiet: bool) -> int:
    """Write suppressions for `diagnostics` into their files; a file is written only when linting
    its new text shows exactly the findings that were not to be suppressed."""
    from hipify_plus.edits import apply_edits
    from hipify_plus.lint.add_suppressions import NOT_SUPPRESSED, plan_suppressions
    from hipify_plus.lint.engine import lint

    by_path: dict[str, list[Diagnostic]] = {}
    for d in diagnostics:
        by_path.setdefault(d.path, []).append(d)
    every: Counter[tuple[str, str]] = Counter((d.path, d.rule) for d in run.diagnostics)
    written = codes = 0
    left: list[str] = []
    for path in sorted(by_path):
        found = by_path[path]
        plan = plan_suppressions(path, run.sources[path], found)
        unplaced = {id(d) for d, _ in plan.left}
        left += [f"{path}:{d.line}: {d.rule} left unsuppressed: {why}" for d, why in plan.left]
        left += [
            f"{path}:{d.line}: {d.rule} left unsuppressed: findings about suppressions are not suppressed"
            for d in found
            if d.rule in NOT_SUPPRESSED
        ]
        if not plan.edits:
            continue
        data = run.sources[path]
        new = apply_edits(data, plan.edits)
        expected = Counter({rule: n for (p, rule), n in every.items() if p == path})
        expected.subtract(d.rule for d in found if id(d) not in unplaced and d.rule not in NOT_SUPPRESSED)
        result = lint(path, new, settings)
        got = Counter(d.rule for d in result.diagnostics)
        if result.internal_errors or +expected != got:
            left.append(
                f"{path}: left unchanged: its suppressions would not all take effect "
                f"(findings after: {', '.join(sorted(got.elements())) or 'none'})"
            )
            continue
        target = Path(path)
        try:
            write_atomic(target, new, target.stat().st_mode, durable=True)
        except OSError as exc:
            left.append(f"{path}: cannot write: {exc.strerror or exc}")
            continue
        written += 1
        codes += plan.codes
    for message in run.errors + left:
        print(f"hipify-plus: warning: {message}", file=sys.stderr)
    for message in run.internal:
        print(f"hipify-plus: internal error: {message}", file=sys.stderr)
    if not quiet:
        print(f"Added {codes} suppression(s) to {written} file(s).", file=sys.stderr)
    if run.internal:
        return EXIT_ERROR
    if exit_zero:
        return EXIT_CLEAN
    return EXIT_FINDINGS if left or run.unreadable else EXIT_CLEAN


def _selects_something(selector: str) -> bool:
    from hipify_plus.registry import rule_names

    return selector == "ALL" or any(r.startswith(selector) or name == selector for r, name in rule_names().items())
