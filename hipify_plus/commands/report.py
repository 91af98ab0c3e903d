"""`hipify-plus report`: the migration-gap report (HTML, Markdown, JSON or SARIF)."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

from hipify_plus.commands.exits import EXIT_CLEAN, usage_error
from hipify_plus.convert import ConvertError
from hipify_plus.fsutil import write_atomic
from hipify_plus.lint.settings import ConfigError, settings_for
from hipify_plus.mappings import load_mappings
from hipify_plus.translate.engine import TranslateOptions
from hipify_plus.versions import parse_version


def run_report(
    *, paths: list[Path], output: Path | None, output_format: str | None, rocm_version: str | None,
    roc: bool, arches: list[str], exclude: list[str], config: Path | None, jobs: int, max_file_size: int,
    quiet: bool,
) -> int:
    from hipify_plus.report.gap import build_report
    from hipify_plus.report.gap_formats import format_for, render_gap

    try:
        version = parse_version(rocm_version) if rocm_version else load_mappings().newest_rocm
    except ValueError:
        return usage_error(f"--rocm-version {rocm_version!r} is not a version such as 6.2 or 5.7.1")
    if output is not None and output.is_dir():
        return usage_error(f"{output}: is a folder; name the report file (report.html, gap.md, ...)")
    try:
        settings = settings_for(config, paths[0], target_rocm=rocm_version, arches=arches or None)
    except ConfigError as exc:
        return usage_error(str(exc))
    settings = replace(settings, exclude=settings.exclude + tuple(exclude))
    try:
        report = build_report(paths, TranslateOptions(rocm_version=version, roc=roc), settings,
                              jobs=jobs, max_file_size=max_file_size)
    except ConvertError as exc:
        return usage_error(str(exc))
    fmt = format_for(output, output_format)
    text = render_gap(report, fmt)
    if output is None:
        sys.stdout.write(text)
    else:
        try:
            write_atomic(output, text.encode("utf-8"))
        except OSError as exc:
            return usage_error(f"cannot write {output}: {exc.strerror or exc}")
    for problem in report.problems:
        print(f"hipify-plus: warning: {problem}", file=sys.stderr)
    if not quiet:
        counts = report.counts()
        where = f" to {output}" if output is not None else ""
        print(f"hipify-plus: wrote the migration-gap report ({fmt}){where}: {counts['files']} files, "
              f"{counts['renamed']} names rewritten, {counts['findings']} findings left, "
              f"about {counts['hours']} h of work", file=sys.stderr)
    return EXIT_CLEAN
