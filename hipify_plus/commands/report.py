"""`hipify-plus report`: the migration-gap report (HTML, Markdown, JSON or SARIF)."""

from __future__ import annotations

import sys
from dataclasses import dataclass, replace
from pathlib import Path

from hipify_plus.check.installed import installed_releases, library_words
from hipify_plus.commands.checking import check_settings, look_for_hipcc
from hipify_plus.commands.exits import EXIT_CLEAN, usage_error
from hipify_plus.compile_flags import CompileCommandsError
from hipify_plus.convert import ConvertError
from hipify_plus.fsutil import default_cache_dir, write_atomic
from hipify_plus.lint.settings import ConfigError, settings_for
from hipify_plus.mappings import load_mappings
from hipify_plus.translate.engine import TranslateOptions
from hipify_plus.versions import parse_version


@dataclass(frozen=True, kw_only=True)
class ReportArgs:
    """What `run_report` is asked to do: the command line's options, one field each."""

    paths: list[Path]
    output: Path | None
    output_format: str | None
    rocm_version: str | None
    roc: bool
    arches: list[str]
    exclude: list[str]
    config: Path | None
    jobs: int
    max_file_size: int
    quiet: bool
    check: bool | None = False
    hipcc: str | None = None
    nvcc: str | None = None
    no_cuda: bool = False
    sm: str = "sm_80"
    include_dirs: list[str] | None = None
    defines: list[str] | None = None
    compile_commands: Path | None = None
    use_cache: bool = True
    tune: bool = True


def run_report(args: ReportArgs) -> int:
    """`check`: True (--check), False (--no-check) or None: check when a hipcc is found."""
    from hipify_plus.report.gap import ReportSettings, build_report
    from hipify_plus.report.gap_formats import format_for, render_gap
    from hipify_plus.resources.nvcc import find_nvcc

    if args.output is not None and args.output.is_dir():
        return usage_error(f"{args.output}: is a folder; name the report file (report.html, gap.md, ...)")
    bad = [a for a in args.arches if not a.startswith("gfx")]
    if bad:
        return usage_error(f"--arch {bad[0]!r} is not an AMD target such as gfx90a")
    found = look_for_hipcc(args.hipcc) if args.check is not False else None
    if args.check is None and found is not None and found.hipcc is None and args.hipcc:
        print(f"hipify-plus: warning: --hipcc: {found.problem}", file=sys.stderr)
    checking = args.check is True or (args.check is None and found is not None and found.hipcc is not None)
    installed = found.hipcc if found is not None and checking else None
    try:
        if args.rocm_version:
            version = parse_version(args.rocm_version)
        else:  # the target follows the hipcc that checks the code, else the newest release known
            version = parse_version(installed.version) if installed is not None else load_mappings().newest_rocm
    except ValueError:
        return usage_error(f"--rocm-version {args.rocm_version!r} is not a version such as 6.2 or 5.7.1")
    try:
        settings = settings_for(args.config, args.paths[0], target_rocm=args.rocm_version, arches=args.arches or None)
    except ConfigError as exc:
        return usage_error(str(exc))
    settings = replace(settings, exclude=settings.exclude + tuple(args.exclude))
    report_settings = ReportSettings(
        no_check="--no-check"
        if args.check is False
        else f"no hipcc ({found.problem})"
        if found is not None and found.hipcc is None
        else "",
        nvcc=None if args.no_cuda else find_nvcc(args.nvcc),
        cache_dir=default_cache_dir() if args.use_cache else None,
        sm=args.sm,
        tune=args.tune,
        flags=tuple([f"-I{i}" for i in args.include_dirs or []] + [f"-D{d}" for d in args.defines or []]),
    )
    if checking:
        assert found is not None
        try:
            report_settings = replace(
                report_settings,
                check=check_settings(
                    found,
                    list(settings.arches),
                    args.include_dirs or [],
                    args.defines or [],
                    args.compile_commands,
                    args.jobs,
                    args.use_cache,
                    version,
                ),
            )
        except CompileCommandsError as exc:
            return usage_error(str(exc))
    machine = installed is not None and not args.rocm_version
    libraries = (
        installed_releases(installed, version, default_cache_dir())
        if installed is not None and machine and not args.roc
        else ()
    )
    note = "the installed hipcc" + library_words(libraries) if machine else ""
    try:
        report = build_report(
            args.paths,
            TranslateOptions(
                rocm_version=version, roc=args.roc, offload_arch=settings.arches, library_releases=libraries
            ),
            settings,
            jobs=args.jobs,
            max_file_size=args.max_file_size,
            settings=report_settings,
            target_note=note,
        )
    except ConvertError as exc:
        return usage_error(str(exc))
    fmt = format_for(args.output, args.output_format)
    text = render_gap(report, fmt, settings.docs_url)
    if args.output is None:
        sys.stdout.write(text)
    else:
        try:
            write_atomic(args.output, text.encode("utf-8"))
        except OSError as exc:
            return usage_error(f"cannot write {args.output}: {exc.strerror or exc}")
    for problem in report.problems:
        print(f"hipify-plus: warning: {problem}", file=sys.stderr)
    if not args.quiet:
        counts = report.counts()
        where = f" to {args.output}" if args.output is not None else ""
        compiled = report.compile_status.summary if report.compile_status is not None else ""
        print(
            f"hipify-plus: wrote the migration-gap report ({fmt}){where}: {counts['files']} files, "
            f"{counts['renamed']} names rewritten, {counts['findings']} findings left, "
            f"about {counts['hours']} h of work",
            file=sys.stderr,
        )
        if compiled:
            print(f"hipify-plus: {compiled}", file=sys.stderr)
    return EXIT_CLEAN
