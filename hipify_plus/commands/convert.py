"""`hipify-plus convert`."""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, replace
from pathlib import Path

from hipify_plus.check.installed import installed_releases, library_words
from hipify_plus.check.model import CheckResult
from hipify_plus.commands.checking import check_settings, look_for_hipcc, write_statuses
from hipify_plus.commands.exits import EXIT_CLEAN, EXIT_ERROR, EXIT_FINDINGS, usage_error
from hipify_plus.commands.output import ReportOutput, is_standard_input, read_standard_input, write_standard_output
from hipify_plus.compile_flags import CompileCommandsError
from hipify_plus.convert import ConvertError, ConvertReport, ConvertSettings, convert, convert_data
from hipify_plus.diagnostics import Diagnostic
from hipify_plus.fsutil import default_cache_dir
from hipify_plus.mappings import load_mappings
from hipify_plus.pipeline import resolve_rewrites
from hipify_plus.report.json import diagnostics_json, write_json
from hipify_plus.report.statistics import rule_statistics, write_statistics
from hipify_plus.report.text import summary, write_text
from hipify_plus.translate.engine import TranslateOptions
from hipify_plus.translate.hipify_perl import HipifyPerlError, find_hipify_perl
from hipify_plus.versions import Version, format_version, parse_version


@dataclass(frozen=True, kw_only=True)
class ConvertArgs:
    """What `run_convert` is asked to do: the command line's options, one field each."""

    paths: list[Path]
    output: Path | None
    in_place: bool
    backup_suffix: str
    rename: bool
    header_suffix: str | None
    copy_others: bool
    build_files: bool
    offload_arch: list[str]
    include: list[str]
    exclude: list[str]
    use_gitignore: bool
    use_cache: bool
    jobs: int
    rocm_version: str | None
    roc: bool
    hip_launch_syntax: bool
    in_comments: bool
    in_strings: bool
    engine: str
    hipify_perl: str | None
    output_format: str
    quiet: bool
    progress: bool
    exit_zero: bool
    max_file_size: int = 20 * 2**20
    check: bool = False
    hipcc: str | None = None
    include_dirs: list[str] | None = None
    defines: list[str] | None = None
    compile_commands: Path | None = None
    no_rewrite: list[str] | None = None
    statistics: bool = False
    output_file: Path | None = None
    stdin_filename: str | None = None


def _stdin_problem(args: ConvertArgs) -> str:
    """Why the options cannot go with standard input (empty: they can). The content-hash cache
    is never read or written for it."""
    given = [
        option
        for option, used in (
            ("-o/--output", args.output is not None),
            ("--in-place", args.in_place),
            ("--rename", args.rename),
            ("--header-suffix", args.header_suffix is not None),
            ("--check", args.check),
            ("-j/--jobs", args.jobs != 0),
            ("--include/--exclude", bool(args.include or args.exclude)),
            ("--compile-commands", args.compile_commands is not None),
            ("-I/--include-dir", bool(args.include_dirs)),
            ("-D/--define", bool(args.defines)),
        )
        if used
    ]
    if given:
        return (
            f"{', '.join(given)} cannot be used with standard input (`-`): the converted text goes to "
            "standard output and the findings to standard error, one file, no cache, no compile"
        )
    if args.engine == "hipify-perl":
        return "--engine hipify-perl reads files: it cannot take standard input (`-`)"
    return ""


def run_convert(args: ConvertArgs) -> int:
    """`paths` of ["-"] (or none, with `stdin_filename`) converts standard input as the file
    `stdin_filename` names (its kind: .cu, .cuh, .cpp, .h ...): the converted text goes to standard
    output, the findings and the summary to standard error (or the findings to `output_file`)."""
    stdin = is_standard_input(args.paths, args.stdin_filename)
    if "-" in [str(p) for p in args.paths] and not stdin:
        return usage_error("`-` (standard input) cannot be converted together with other paths")
    if stdin:
        refused = _stdin_problem(args)
        if refused:
            return usage_error(refused)
    elif args.stdin_filename is not None:
        print("hipify-plus: warning: --stdin-filename is used only when reading standard input (`-`)", file=sys.stderr)
    if not args.paths and not stdin:
        return usage_error("nothing to convert: give CUDA files or folders, or `-` for standard input")
    header_suffix = args.header_suffix
    table = load_mappings()
    # without --rocm-version the target is the installed hipcc's release, else the newest known
    found = look_for_hipcc(args.hipcc) if args.check or args.hipcc or args.rocm_version is None else None
    installed = found.hipcc if found is not None else None
    if found is not None and installed is None and args.hipcc and not args.check:
        print(f"hipify-plus: warning: --hipcc: {found.problem}", file=sys.stderr)
    machine = args.rocm_version is None and installed is not None
    try:
        if args.rocm_version:
            version = parse_version(args.rocm_version)
        else:
            version = parse_version(installed.version) if installed is not None else table.newest_rocm
    except ValueError:
        return usage_error(f"--rocm-version {args.rocm_version!r} is not a version such as 6.2 or 5.7.1")
    if args.output_file is not None and args.output_file.is_dir():
        return usage_error(f"--output-file {args.output_file}: is a folder")
    bad = [a for a in args.offload_arch if not a.startswith("gfx")]
    if bad:
        return usage_error(f"--offload-arch {bad[0]!r} is not an AMD target such as gfx90a")
    if header_suffix is not None and not header_suffix.startswith("."):
        header_suffix = "." + header_suffix
    try:
        disabled = resolve_rewrites(args.no_rewrite or [])
    except ValueError as exc:
        return usage_error(str(exc))
    command = None
    if args.engine == "hipify-perl":
        try:
            command = tuple(find_hipify_perl(args.hipify_perl))
        except HipifyPerlError as exc:
            return usage_error(str(exc))
    # the target follows the machine: so do the libraries installed from other releases
    libraries = (
        installed_releases(installed, version, default_cache_dir()) if machine and installed and not args.roc else ()
    )
    settings = ConvertSettings(
        options=TranslateOptions(
            rocm_version=version,
            library_releases=libraries,
            roc=args.roc,
            hip_launch_syntax=args.hip_launch_syntax,
            in_comments=args.in_comments,
            in_strings=args.in_strings,
            disabled_rewrites=disabled,
            offload_arch=tuple(args.offload_arch),
        ),
        output=args.output,
        in_place=args.in_place,
        backup_suffix=args.backup_suffix,
        rename=args.rename,
        header_suffix=header_suffix,
        copy_others=args.copy_others,
        build_files=args.build_files,
        offload_arch=tuple(args.offload_arch),
        include=tuple(args.include),
        exclude=tuple(args.exclude),
        use_gitignore=args.use_gitignore,
        use_cache=args.use_cache,
        jobs=args.jobs,
        hipify_perl=command,
        max_file_size=args.max_file_size,
    )
    if stdin:
        return _convert_stdin(args, settings, version, machine, libraries)
    checking = None
    if args.check:
        try:
            checking = check_settings(
                found or look_for_hipcc(args.hipcc),
                args.offload_arch,
                args.include_dirs or [],
                args.defines or [],
                args.compile_commands,
                args.jobs,
                args.use_cache,
                settings.options.rocm_version,
            )
        except CompileCommandsError as exc:
            return usage_error(str(exc))
    try:
        report = _run_with_progress(args.paths, settings, args.progress and not args.quiet)
    except ConvertError as exc:
        return usage_error(str(exc))

    checked = None
    if checking is not None:
        from hipify_plus.check import check_conversion  # the compile machinery, only for --check

        try:
            checked = check_conversion(report.outcomes, checking)
        except Exception as exc:  # noqa: BLE001 - a bug in the check must not cost the conversion
            return usage_error(f"internal error in --check: {type(exc).__name__}: {exc}")
    diagnostics = report.diagnostics + (checked.diagnostics if checked else [])
    findings_out = ReportOutput(args.output_file)
    _write_findings(args, diagnostics, checked, findings_out)
    problem = findings_out.finish()
    if problem is not None:
        print(f"hipify-plus: error: {problem}", file=sys.stderr)
        return EXIT_ERROR
    internal = False
    for outcome in report.outcomes:
        if outcome.status == "error":
            print(f"hipify-plus: error: {outcome.input}: {outcome.message}", file=sys.stderr)
            internal = internal or outcome.message.startswith("internal error")
        elif outcome.status == "skipped":
            what = "copied as it is" if outcome.output else "left as it is"
            print(f"hipify-plus: warning: {outcome.input}: {outcome.message}: {what}", file=sys.stderr)
    if not args.quiet:
        changed, unchanged, cached = (report.count(s) for s in ("changed", "unchanged", "cached"))
        if checked is not None:
            write_statuses(checked, sys.stderr)
        print(
            f"hipify-plus: {changed + unchanged + cached} files converted for ROCm "
            f"{format_version(version)}{' (the installed hipcc' + library_words(libraries) + ')' if machine else ''} "
            f"({changed} changed, {unchanged} unchanged, {cached} cached), "
            f"{report.count('copied')} copied, {report.count('skipped')} skipped, {report.count('error')} failed; "
            f"{summary(diagnostics)}",
            file=sys.stderr,
        )
        if checked is not None:
            print(f"hipify-plus: {checked.summary()}", file=sys.stderr)
    return _exit_code(args, report, diagnostics, checked, internal)


def _write_findings(
    args: ConvertArgs, diagnostics: list[Diagnostic], checked: CheckResult | None, findings_out: ReportOutput
) -> None:
    if args.statistics:  # what convert left: its safe fixes are applied already
        write_statistics(args.output_format, rule_statistics(diagnostics), findings_out.stream)
    elif args.output_format == "json" and checked is not None:
        both = {"diagnostics": diagnostics_json(diagnostics), "check": checked.to_json()}
        json.dump(both, findings_out.stream, indent=2)
        findings_out.stream.write("\n")
    elif args.output_format == "json":
        write_json(diagnostics, findings_out.stream)
    else:
        write_text(diagnostics, findings_out.stream)


def _exit_code(
    args: ConvertArgs, report: ConvertReport, diagnostics: list[Diagnostic], checked: CheckResult | None, internal: bool
) -> int:
    if internal:
        return EXIT_ERROR
    if args.exit_zero:
        return EXIT_CLEAN
    if checked is not None and checked.failed:
        return EXIT_FINDINGS
    findings = any(d.severity in ("error", "warning") for d in diagnostics)
    changed_any = any(report.count(s) for s in ("changed", "error", "skipped"))
    return EXIT_FINDINGS if findings or changed_any else EXIT_CLEAN


def _convert_stdin(
    args: ConvertArgs,
    settings: ConvertSettings,
    version: Version,
    machine: bool,
    libraries: tuple[tuple[str, Version], ...],
) -> int:
    """Standard input converted as the file --stdin-filename names: the text on standard output,
    the findings (or statistics) on standard error unless --output-file, the summary after them."""
    given = read_standard_input(
        args.stdin_filename,
        args.max_file_size,
        ("source",),
        "a C/C++/CUDA/HIP source: .cu, .cuh, .cpp, .h ...",
        "converts",
    )
    if given is None:
        return EXIT_ERROR
    output, outcome = convert_data(given.path, given.data, settings)
    if given.path != given.display:
        diagnostics = [replace(d, path=given.display) for d in outcome.diagnostics]
        outcome = replace(outcome, input=given.display, diagnostics=diagnostics)
    if outcome.status != "error":  # nothing on standard output when the conversion failed
        write_standard_output(output)
    report = ConvertReport([outcome])
    findings_out = ReportOutput(args.output_file, sys.stderr)
    _write_findings(args, report.diagnostics, None, findings_out)
    problem = findings_out.finish()
    if problem is not None:
        print(f"hipify-plus: error: {problem}", file=sys.stderr)
        return EXIT_ERROR
    if outcome.status == "error":
        print(f"hipify-plus: error: {outcome.input}: {outcome.message}", file=sys.stderr)
    elif not args.quiet:
        print(
            f"hipify-plus: standard input converted as {given.display} for ROCm "
            f"{format_version(version)}{' (the installed hipcc' + library_words(libraries) + ')' if machine else ''} "
            f"({outcome.status}); {summary(report.diagnostics)}",
            file=sys.stderr,
        )
    internal = outcome.status == "error" and outcome.message.startswith("internal error")
    return _exit_code(args, report, report.diagnostics, None, internal)


def _run_with_progress(paths: list[Path], settings: ConvertSettings, show: bool) -> ConvertReport:
    if not (show and sys.stderr.isatty()):
        return convert(paths, settings)
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(
        TextColumn("converting"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        transient=True,
        redirect_stdout=False,
    ) as bar:
        task = bar.add_task("convert", total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        return convert(paths, settings, update)
