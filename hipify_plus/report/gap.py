"""The migration-gap report's model: what `convert` would change, what is left and why, whether
the converted code compiles, how its kernels use an AMD GPU, and how much work remains. It
converts into a scratch folder (the inputs are never written), lints and checks what convert
wrote, and joins the results; the formats in report/gap_formats.py only render this model."""

from __future__ import annotations

import os
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from hipify_plus import __version__
from hipify_plus.check import FAILS, NOT_CHECKED, CheckResult, CheckSettings, FileCheck, check_conversion
from hipify_plus.check.includes import IncludeScanner, include_folders
from hipify_plus.check.run import DEFAULT_STD, folder_map
from hipify_plus.compile_flags import map_include
from hipify_plus.convert import ConvertSettings, FileOutcome, convert
from hipify_plus.diagnostics import Diagnostic
from hipify_plus.filekinds import file_kind
from hipify_plus.fsutil import DEFAULT_MAX_FILE_SIZE, SkipFile, read_source
from hipify_plus.lint.settings import LintSettings
from hipify_plus.mappings import LIBRARY_NAMES, load_mappings
from hipify_plus.positions import converted_and_original, line_back, place_back
from hipify_plus.quoting import shorten_code
from hipify_plus.registry import get_rule
from hipify_plus.report.effort import RESOLUTIONS, EffortModel, Priced, load_effort_model, resolution_of, single_token
from hipify_plus.report.kernels import (
    KernelSection,
    device_variant,
    estimate_sources,
    estimated_kernels,
    measured_kernels,
    sort_rows,
)
from hipify_plus.report.paths import display_path, relative_text, report_root, root_label
from hipify_plus.report.workspace import converted_tree, remove_others
from hipify_plus.resources.measure import MeasureSettings, Unit
from hipify_plus.source import SourceFile
from hipify_plus.source_facts import ParsedSources
from hipify_plus.translate.engine import TranslateOptions
from hipify_plus.versions import format_version

EXCERPT_LIMIT = 240  # characters of the finding's source line kept in the report
GRAPH_BLOCKERS = "Not capturable as a graph:"  # how HP324's message introduces its reasons
_LINE = re.compile(r"\bline (\d+)")


class _Back:
    """Places in the files convert wrote, put back on the user's files through each file's exact
    edits (`FileOutcome.positions`); each pair of texts is read once."""

    def __init__(self, origins: dict[str, FileOutcome]) -> None:
        self._outcomes = {os.path.abspath(output): outcome for output, outcome in origins.items()}
        self._texts: dict[str, tuple[SourceFile, SourceFile] | None] = {}

    def texts(self, converted: str, data: bytes | None = None) -> tuple[FileOutcome, SourceFile, SourceFile] | None:
        """(its outcome, the converted text, the user's text); None for a file convert did not
        write or one that cannot be read. `data`: the converted text, when already in memory."""
        key = os.path.abspath(converted)
        outcome = self._outcomes.get(key)
        if outcome is None:
            return None
        if key not in self._texts:
            self._texts[key] = converted_and_original(converted, outcome.input, data)
        pair = self._texts[key]
        return None if pair is None else (outcome, *pair)

    def originals(self) -> dict[str, SourceFile]:
        return {pair[1].path: pair[1] for pair in self._texts.values() if pair is not None}

    def line(self, converted: str, line: int, column: int = 1) -> tuple[str, int] | None:
        """(the user's file, its line) for a line and column of a converted file."""
        found = self.texts(converted)
        if found is None:
            return None
        outcome, converted_text, original = found
        return outcome.input, line_back(line, outcome.positions, converted_text, original, column)

    def lines_in(self, text: str, converted: str) -> str:
        """`line N` in a message about a converted file -> the line of the user's file."""

        def back(match: re.Match[str]) -> str:
            place = self.line(converted, int(match.group(1)))
            return f"line {place[1] if place is not None else match.group(1)}"

        return _LINE.sub(back, text)


@dataclass(frozen=True)
class ReportSettings:
    """What the report does beyond converting and linting."""

    check: CheckSettings | None = None  # compile check and measured kernels (None: neither)
    no_check: str = ""  # why there is no check: `--no-check`, or no hipcc (...)
    nvcc: str | None = None  # the CUDA side of the kernels section (None: none)
    sm: str = "sm_80"
    tune: bool = True  # the tuner's proposals for kernels that spill or fall below the threshold
    flags: tuple[str, ...] = ()  # -I/-D for nvcc (the check's own flags come with `check`)
    # the cache folder: the converted tree and lint's results are kept there between runs, so
    # that a run converts and lints again only what changed (report/workspace.py); None: a
    # scratch folder, everything anew (--no-cache)
    cache_dir: Path | None = None


@dataclass(frozen=True)
class Also:
    """A finding merged into the construct's most specific one: listed with it, costs nothing."""

    rule: str
    message: str

    def to_json(self) -> dict[str, str]:
        return {"rule": self.rule, "message": self.message}


@dataclass(frozen=True)
class Finding:
    diagnostic: Diagnostic  # located in the user's file
    origin: str  # "convert", "lint" (an AMD hazard), "check" (hipcc) or "resources" (measured)
    family: str
    resolution: str  # one of RESOLUTIONS
    fix_title: str | None
    hours: float
    excerpt: str  # the source line, as text
    also: tuple[Also, ...] = ()  # other findings on the same construct

    def to_json(self, display: Any = str) -> dict[str, Any]:
        record = self.diagnostic.to_json()
        record.pop("fix", None)
        record["path"] = display(self.diagnostic.path)
        return {
            **record,
            "origin": self.origin,
            "family": self.family,
            "resolution": self.resolution,
            "fix": self.fix_title,
            "hours": round(self.hours, 3),
            "excerpt": self.excerpt,
            "also": [a.to_json() for a in self.also],
        }


@dataclass
class FileSummary:
    path: str
    kind: str  # source | build | other
    status: str  # converted | unchanged | skipped | error
    renamed: int = 0
    message: str = ""
    findings: int = 0
    hours: float = 0.0
    lines: int = 0
    bound: float | None = None  # the most the file can cost (porting it by hand)
    uncapped: float = 0.0  # what its findings, build and verify hours add up to before the bound
    device_lines: int = 0  # lines of __global__/__device__ function bodies
    build_hours: float = 0.0  # porting the build file (after the bound)
    verify_hours: float = 0.0  # building, running and comparing its device code on AMD (after the bound)
    compile: str = ""  # compiles | fails | not-checked ("" when the file is not compiled)
    compile_note: str = ""  # fails: the first error; not-checked: why
    explained_by: str = ""  # fails: the finding that explains it ("HP001 at src/k.cu:12")

    @property
    def capped(self) -> bool:
        return self.bound is not None and self.uncapped > self.bound + 1e-9

    def to_json(self, display: Any = str) -> dict[str, Any]:
        return {
            "path": display(self.path),
            "kind": self.kind,
            "status": self.status,
            "renamed": self.renamed,
            "message": self.message,
            "findings": self.findings,
            "hours": round(self.hours, 3),
            "lines": self.lines,
            "bound_hours": None if self.bound is None else round(self.bound, 3),
            "device_lines": self.device_lines,
            "build_hours": round(self.build_hours, 3),
            "verify_hours": round(self.verify_hours, 3),
            "capped": self.capped,
            "uncapped_hours": round(self.uncapped, 3),
            "compile": self.compile or None,
            "compile_note": self.compile_note or None,
            "explained_by": self.explained_by or None,
        }


@dataclass
class Group:
    """Findings of one family or one rule, with their cost."""

    key: str
    title: str
    count: int = 0
    hours: float = 0.0
    by_severity: Counter[str] = field(default_factory=Counter)
    by_resolution: Counter[str] = field(default_factory=Counter)

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "title": self.title,
            "count": self.count,
            "hours": round(self.hours, 3),
            "by_severity": dict(self.by_severity),
            "by_resolution": dict(self.by_resolution),
        }


@dataclass(frozen=True)
class LaunchLoop:
    """A host loop HP324 found: several launches per iteration, and whether convert's graph
    rewrite applies (`lint --unsafe-fixes`) or which precondition fails."""

    path: str
    line: int
    summary: str  # what the loop launches
    rewrite: str  # the fix's title, when the body is capturable
    blockers: tuple[str, ...]  # why it is not, otherwise
    excerpt: str

    def to_json(self, display: Any = str) -> dict[str, Any]:
        return {
            "path": display(self.path),
            "line": self.line,
            "summary": self.summary,
            "rewrite": self.rewrite or None,
            "blockers": list(self.blockers),
            "excerpt": self.excerpt,
        }


@dataclass
class CompileStatus:
    """The compile check's outcome as the report shows it."""

    summary: str  # the check's one-line summary, or why there was no check
    checked: bool
    units: int = 0
    compile: int = 0
    fail: int = 0
    not_checked: int = 0
    missing: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "summary": self.summary,
            "checked": self.checked,
            "units": self.units,
            "compile": self.compile,
            "fail": self.fail,
            "not_checked": self.not_checked,
            "missing_headers": self.missing,
        }


@dataclass
class GapReport:
    inputs: list[str]
    rocm_version: str
    roc: bool
    files: list[FileSummary]
    converted: dict[str, list[str]]  # library display name -> CUDA names rewritten
    renamed: int
    findings: list[Finding]
    problems: list[str]
    model: EffortModel
    root: str = ""  # paths are shown relative to this folder
    compile_status: CompileStatus | None = None
    kernels: KernelSection | None = None
    launch_loops: list[LaunchLoop] = field(default_factory=list)
    target_note: str = ""  # "the installed hipcc" when the target follows the machine
    tool_version: str = __version__

    def display(self, path: str) -> str:
        return display_path(path, self.root)

    @property
    def root_label(self) -> str:
        return root_label(self.root)

    @property
    def findings_hours(self) -> float:
        return sum(f.hours for f in self.findings)

    @property
    def build_hours(self) -> float:
        return sum(f.build_hours for f in self.files)

    @property
    def verify_hours(self) -> float:
        return sum(f.verify_hours for f in self.files)

    @property
    def hours(self) -> float:
        return self.findings_hours + self.build_hours + self.verify_hours

    @property
    def days(self) -> float:
        return self.hours / self.model.day if self.model.day else 0.0

    @property
    def capped_files(self) -> list[FileSummary]:
        return [f for f in self.files if f.capped]

    def groups(self, by: str) -> list[Group]:
        """Findings grouped by "family" or by "rule", largest effort first."""
        groups: dict[str, Group] = {}
        for finding in self.findings:
            if by == "family":
                key, title = finding.family, finding.family
            else:
                rule = get_rule(finding.diagnostic.rule)
                key, title = rule.id, f"{rule.name}: {rule.summary}"
            group = groups.setdefault(key, Group(key, title))
            group.count += 1
            group.hours += finding.hours
            group.by_severity[finding.diagnostic.severity] += 1
            group.by_resolution[finding.resolution] += 1
        return sorted(groups.values(), key=lambda g: (-g.hours, -g.count, g.key))

    def counts(self) -> dict[str, Any]:
        statuses = Counter(f.status for f in self.files)
        resolutions = Counter(f.resolution for f in self.findings)
        severities = Counter(f.diagnostic.severity for f in self.findings)
        check = self.compile_status
        kernels = self.kernels
        return {
            "files": len(self.files),
            "files_converted": statuses["converted"],
            "files_unchanged": statuses["unchanged"],
            "files_skipped": statuses["skipped"],
            "files_failed": statuses["error"],
            "files_with_findings": sum(1 for f in self.files if f.findings),
            "renamed": self.renamed,
            "apis_converted": sum(len(names) for names in self.converted.values()),
            "findings": len(self.findings),
            "merged": sum(len(f.also) for f in self.findings),
            **{f"findings_{s}": severities[s] for s in ("error", "warning", "info")},
            **{f"resolution_{r.replace(' ', '_')}": resolutions[r] for r in RESOLUTIONS},
            "units_checked": check.units if check and check.checked else 0,
            "units_compile": check.compile if check else 0,
            "units_fail": check.fail if check else 0,
            "units_not_checked": check.not_checked if check else 0,
            "kernels": kernels.kernels if kernels else 0,
            "kernels_flagged": len({(r.path, r.line, r.kernel) for r in kernels.flagged()}) if kernels else 0,
            "kernels_scratch_only": len(kernels.scratch_only()) if kernels else 0,
            "kernels_estimated": bool(kernels and kernels.estimate),
            "launch_loops": len(self.launch_loops),
            "files_capped": len(self.capped_files),
            "build_files": sum(1 for f in self.files if f.build_hours),
            "device_lines": sum(f.device_lines for f in self.files),
            "hours_findings": round(self.findings_hours, 1),
            "hours_build": round(self.build_hours, 1),
            "hours_verify": round(self.verify_hours, 1),
            "hours": round(self.hours, 1),
            "days": round(self.days, 1),
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "tool": {"name": "hipify-plus", "version": self.tool_version},
            "inputs": self.inputs,
            "root": self.root,
            "target": {"rocm": self.rocm_version, "roc_libraries": self.roc, "note": self.target_note or None},
            "summary": self.counts(),
            "compile": self.compile_status.to_json() if self.compile_status else None,
            "kernels": self.kernels.to_json(self.display) if self.kernels else None,
            "launch_loops": [loop.to_json(self.display) for loop in self.launch_loops],
            "converted": {library: names for library, names in self.converted.items()},
            "families": [g.to_json() for g in self.groups("family")],
            "rules": [g.to_json() for g in self.groups("rule")],
            "files": [f.to_json(self.display) for f in self.files],
            "findings": [f.to_json(self.display) for f in self.findings],
            "problems": self.problems,
            "effort_model": self.model.to_json(),
        }


@dataclass
class _Raw:
    """A finding in the user's file before it is priced."""

    diagnostic: Diagnostic
    origin: str
    resolution: str
    fix_title: str | None
    single_token: bool = False


def build_report(
    paths: list[Path],
    options: TranslateOptions,
    lint_settings: LintSettings,
    *,
    jobs: int = 0,
    max_file_size: int = DEFAULT_MAX_FILE_SIZE,
    settings: ReportSettings | None = None,
    target_note: str = "",
) -> GapReport:
    """Convert into a scratch folder, lint what convert wrote (what is left is what the
    converted code still has), compile-check it and measure its kernels when settings ask for it,
    and report every finding at its place in the user's files.
    Raises ConvertError for unusable inputs (a missing path)."""
    from hipify_plus.lint.paths import lint_paths

    settings = settings or ReportSettings()
    problems: list[str] = []
    checked: CheckResult | None = None
    with converted_tree(settings.cache_dir, paths) as (output, kept):
        conversion = convert(
            paths,
            ConvertSettings(
                options=options,
                output=output,
                copy_others=False,
                use_cache=kept,
                jobs=jobs,
                max_file_size=max_file_size,
                exclude=lint_settings.exclude,
                source_facts=settings.check is None,  # for the estimated kernels and the effort
            ),
        )
        if kept:
            remove_others(output, {o.output for o in conversion.outcomes if o.output})
        # select/ignore/per-file-ignores apply to every finding; per-file-ignores name the
        # user's paths, so lint's findings are filtered once they are mapped back
        linted = lint_paths(
            [output],
            replace(lint_settings, per_file_ignores=()),
            None,
            False,
            max_file_size,
            jobs,
            cache_dir=settings.cache_dir if kept else None,
        )
        origins = {o.output: o for o in conversion.outcomes if o.output and o.status in _WRITTEN}
        back_in = _Back(origins)
        raw = [
            _Raw(d, "convert", resolution_of(d), d.fix.title if d.fix else None, single_token(d.fix, _data(o.input)))
            for o in conversion.outcomes
            for d in o.diagnostics
            if lint_settings.enabled(d.rule, d.path)
        ]
        # a rule both convert and lint run (HP501 reports inline PTX in either) says it once
        reported = {(d.path, d.line, d.column, d.rule, d.message) for d in (r.diagnostic for r in raw)}
        for diagnostic in linted.diagnostics:
            found = back_in.texts(diagnostic.path, linted.sources.get(diagnostic.path))
            if found is None:
                continue
            outcome, _, original = found
            back = place_back(diagnostic, outcome.positions, original)
            if (
                lint_settings.enabled(back.rule, back.path)
                and (back.path, back.line, back.column, back.rule, back.message) not in reported
            ):
                if back.data.get("blockers"):  # lines named in the user's file
                    blockers = [back_in.lines_in(str(b), diagnostic.path) for b in back.data["blockers"]]
                    back = replace(back, data={**back.data, "blockers": blockers})
                fix = diagnostic.fix
                raw.append(
                    _Raw(
                        back,
                        "lint",
                        resolution_of(diagnostic),
                        fix.title if fix else None,
                        single_token(fix, linted.sources[diagnostic.path]),
                    )
                )
        root = report_root(paths)
        scrub = _Scrubber(str(output), str(root))
        problems += [f"internal error: {e}" for e in linted.internal]  # scrubbed with the rest below

        if settings.check is not None:
            try:
                checked = check_conversion(conversion.outcomes, settings.check)
            except Exception as exc:  # noqa: BLE001 - a bug in the check must not cost the report
                problems.append(f"internal error in the compile check: {type(exc).__name__}: {exc}")
        if checked is not None:
            raw += [
                _Raw(scrub.diagnostic(d), "check", resolution_of(d), None)
                for d in checked.diagnostics
                if lint_settings.enabled(d.rule, d.path)
            ]
        # the user's files' kernels and device lines, from convert's workers where they sent them
        parsed = ParsedSources({o.input: o.facts for o in conversion.outcomes if o.facts is not None})
        kernels, measured = _kernels(
            conversion.outcomes, checked, settings, lint_settings, paths, jobs, problems, scrub, parsed
        )
        raw += [_Raw(d, "resources", resolution_of(d), None) for d in measured if lint_settings.enabled(d.rule, d.path)]
        statuses = _statuses(checked, back_in, scrub, str(root)) if checked is not None else {}

    sources = back_in.originals()
    model = load_effort_model()
    files = {o.input: _file_summary(o) for o in conversion.outcomes}
    raw.sort(
        key=lambda item: (item.diagnostic.path, item.diagnostic.line, item.diagnostic.column, item.diagnostic.rule)
    )
    priced = [Priced(r.diagnostic, r.resolution, r.single_token) for r in raw]
    hours = model.hours(priced)
    into = model.merge(priced)
    also: dict[int, list[Also]] = defaultdict(list)
    for index, target in enumerate(into):
        if target is not None:
            also[target].append(Also(raw[index].diagnostic.rule, raw[index].diagnostic.message))
    findings = []
    for index, (item, cost) in enumerate(zip(raw, hours, strict=True)):
        if into[index] is not None:
            continue
        diagnostic = item.diagnostic
        if scrub(diagnostic.message) != diagnostic.message:  # a path the message names reads as the tables' do
            diagnostic = scrub.diagnostic(diagnostic)
        findings.append(
            Finding(
                diagnostic,
                item.origin,
                get_rule(diagnostic.rule).family,
                item.resolution,
                item.fix_title,
                cost,
                _excerpt(sources, diagnostic),
                tuple(also.get(index, ())),
            )
        )
        summary = files.setdefault(diagnostic.path, FileSummary(diagnostic.path, _kind(diagnostic.path), "unchanged"))
        summary.findings += 1
        summary.uncapped += cost
    findings = _bounded(findings, files, model, sources, parsed)

    for path, status in statuses.items():
        summary = files.setdefault(path, FileSummary(path, _kind(path), "unchanged"))
        summary.compile, summary.compile_note, summary.explained_by = status

    problems = [f"{o.input}: {o.message}" for o in conversion.outcomes if o.status in ("error", "skipped")] + problems
    problems = [scrub(p) for p in problems]
    for summary in files.values():
        summary.message = scrub(summary.message)
    report = GapReport(
        inputs=[str(p) for p in paths],
        rocm_version=format_version(options.rocm_version),
        roc=options.roc,
        files=sorted(files.values(), key=lambda f: f.path),
        converted=_converted(conversion.outcomes),
        renamed=sum(o.renamed for o in conversion.outcomes),
        findings=findings,
        problems=problems,
        model=model,
        root=str(root),
        kernels=kernels,
        target_note=target_note,
        launch_loops=[_launch_loop(f) for f in findings if f.diagnostic.rule == "HP324"],
    )
    report.compile_status = _compile_status(checked, settings)
    for file in report.files:  # a path inside a note reads as the table's paths do
        if file.explained_by:
            file.explained_by = _display_finding(file.explained_by, report)
    return report


_WRITTEN = ("changed", "unchanged", "cached")


class _Scrubber:
    """Scratch-folder paths in messages -> `<converted>/...`: the scratch folder is gone when the
    report is read; the user's paths -> relative to the report's root, as the tables show them."""

    def __init__(self, scratch: str, root: str = "") -> None:
        self.scratch = scratch
        self.root = root

    def __call__(self, text: str) -> str:
        return relative_text(text.replace(self.scratch, "<converted>"), self.root)

    def diagnostic(self, diagnostic: Diagnostic) -> Diagnostic:
        return replace(diagnostic, message=self(diagnostic.message))


def _data(path: str) -> bytes | None:
    try:
        return read_source(Path(path))
    except SkipFile:
        return None


def _kind(path: str) -> str:
    kind = file_kind(path)
    return "other" if kind is None else "source" if kind == "source" else "build"


def _file_summary(outcome: FileOutcome) -> FileSummary:
    written = "changed" if outcome.status == "cached" and outcome.cached_changed else outcome.status
    status = {"changed": "converted", "cached": "unchanged"}.get(written, written)
    return FileSummary(
        outcome.input,
        _kind(outcome.input),
        status,
        outcome.renamed,
        outcome.message if outcome.status in ("error", "skipped") else "",
    )


def _bounded(
    findings: list[Finding],
    files: dict[str, FileSummary],
    model: EffortModel,
    sources: dict[str, SourceFile],
    parsed: ParsedSources,
) -> list[Finding]:
    """Add each file's build and verify hours, then bound it: no file costs more than porting it
    by hand, so a file whose hours add up to more has each part scaled down to fit."""
    scale: dict[str, float] = {}
    for path, summary in files.items():
        source = sources.get(path)
        data = source.data if source is not None else _data(path) if summary.kind != "other" else None
        if data is None:
            summary.hours = summary.uncapped
            continue
        summary.lines = data.count(b"\n") + (0 if not data or data.endswith(b"\n") else 1)
        build = model.build if summary.kind == "build" and (summary.status == "converted" or summary.findings) else 0.0
        if summary.kind == "source" and model.verify:
            summary.device_lines = parsed.device_lines(path, data)
        verify = summary.device_lines * model.verify
        summary.uncapped += build + verify
        summary.bound = model.bound(summary.lines)
        factor = 1.0
        if summary.bound is not None and summary.uncapped > summary.bound:
            factor = summary.bound / summary.uncapped
            scale[path] = factor
        summary.build_hours, summary.verify_hours = build * factor, verify * factor
        summary.hours = summary.uncapped * factor
    return [replace(f, hours=f.hours * scale[f.diagnostic.path]) if f.diagnostic.path in scale else f for f in findings]


def _statuses(checked: CheckResult, back_in: _Back, scrub: _Scrubber, root: str) -> dict[str, tuple[str, str, str]]:
    """The user's file -> (status, note, explaining finding), for every file the check saw."""
    found: dict[str, tuple[str, str, str]] = {}
    for check in checked.files:
        if check.kind == "host":
            continue
        found[check.input] = (check.status, _note(check, back_in, scrub, root), check.finding)
    return found


def _note(check: FileCheck, back_in: _Back, scrub: _Scrubber, root: str) -> str:
    """fails: `first error: message (at the user's file:line)`; not-checked: the reason."""
    if check.status == FAILS and check.error is not None:
        where = check.error.where
        user = back_in.line(where.path, where.line, where.column)
        place = scrub(f"{where.path}:{where.line}") if user is None else f"{display_path(user[0], root)}:{user[1]}"
        arch = f" [{check.arch}]" if check.arch else ""
        return f"{scrub(check.error.message)} (at {place}){arch}"
    if check.status == NOT_CHECKED:
        return scrub(check.reason)
    return ""


def _display_finding(text: str, report: GapReport) -> str:
    """`HP001 at /abs/src/k.cu:12` -> `HP001 at src/k.cu:12`."""
    rule, sep, place = text.partition(" at ")
    if not sep:
        return text
    path, colon, line = place.rpartition(":")
    return f"{rule} at {report.display(path)}:{line}" if colon else text


def _compile_status(checked: CheckResult | None, settings: ReportSettings) -> CompileStatus:
    if checked is None:
        why = settings.no_check or "not asked for"
        return CompileStatus(f"not checked: {why}", False)
    units = checked.units
    return CompileStatus(
        checked.summary(),
        checked.hipcc is not None,
        len(units),
        checked.count("compiles"),
        checked.count(FAILS),
        checked.count(NOT_CHECKED),
        checked.missing_headers(),
    )


def _kernels(
    outcomes: list[FileOutcome],
    checked: CheckResult | None,
    settings: ReportSettings,
    lint_settings: LintSettings,
    paths: list[Path],
    jobs: int,
    problems: list[str],
    scrub: _Scrubber,
    parsed: ParsedSources,
) -> tuple[KernelSection | None, list[Diagnostic]]:
    """Measured kernels for the units that compile (with hipcc), else estimated ones."""
    sources = [o.input for o in outcomes if file_kind(o.input) == "source" and o.status in _WRITTEN]
    user_flags = list(settings.check.flags) if settings.check is not None else list(settings.flags)
    try:
        hipcc = settings.check.hipcc if settings.check is not None else None
        if hipcc is None or checked is None:
            why = settings.no_check or "no compile check"
            estimated = estimated_kernels(
                sources,
                lint_settings.arches,
                settings.nvcc,
                settings.sm,
                user_flags,
                lint_settings.min_occupancy,
                lint_settings.max_spills,
                why,
                jobs,
                parsed,
            )
            estimated.errors = [scrub(e) for e in estimated.errors]
            return estimated, []
        assert settings.check is not None
        units = _measure_units(outcomes, checked, settings.check)
        failing = _measure_units(outcomes, checked, settings.check, status=FAILS)
        partial: list[str] = []
        unmeasured: list[str] = []
        reasons = {os.path.abspath(c.output): c.reason for c in checked.units}
        for unit in failing:  # host code that does not compile yet: measure the device code
            variant, emptied = device_variant(unit, hipcc, settings.check.arches[0])
            if variant is None:
                reason = reasons.get(os.path.abspath(unit.compiled)) or "it does not compile"
                unmeasured.append(f"{unit.original}: hipcc fails on it: {reason}")
            else:
                units.append(variant)
                left_out = ", ".join(emptied[:4]) + (f" and {len(emptied) - 4} more" if len(emptied) > 4 else "")
                partial.append(
                    f"{display_path(str(unit.original), str(report_root(paths)))}: its host code does not "
                    f"compile yet; its kernels were measured without {left_out or 'change'}"
                )
        measure = MeasureSettings(
            arches=tuple(settings.check.arches),
            hipcc=hipcc,
            nvcc=settings.nvcc,
            sm=settings.sm,
            flags=tuple(user_flags),
            jobs=jobs,
            cache_dir=settings.check.cache_dir,
            min_occupancy=lint_settings.min_occupancy,
        )
        origin_of = {os.path.abspath(o.output): o.input for o in outcomes if o.output}
        section, diagnostics = measured_kernels(
            units, measure, [Path(s) for s in sources], lint_settings.max_spills, settings.tune, origin_of
        )
        section.notes += partial
        section.errors = unmeasured + section.errors
        measured_files = {r.path for r in section.rows} | section.compiled  # a unit's kernels may be elsewhere
        left = [c for c in checked.units if c.status != "compiles"]
        if left or any(s not in measured_files for s in sources):
            unmeasured = [s for s in sources if s not in measured_files]
            guessed = estimated_kernels(
                unmeasured,
                tuple(settings.check.arches),
                settings.nvcc,
                settings.sm,
                user_flags,
                lint_settings.min_occupancy,
                lint_settings.max_spills,
                "",
                jobs,
                parsed,
            )
            section.rows = sort_rows(section.rows + guessed.rows, tuple(settings.check.arches))
            section.errors += guessed.errors
            guesses = len({(r.path, r.line, r.kernel) for r in guessed.rows})
            how = (
                f"the {guesses} kernel{'s' if guesses != 1 else ''} measured in none of the compiled units "
                f"{'are' if guesses != 1 else 'is'} estimated (est.) from "
                f"{estimate_sources(guessed.rows, settings.sm, settings.nvcc)}"
                if guesses
                else "no kernel is defined only in them"
            )
            section.notes.append(f"{len(left)} of {len(checked.units)} units do not compile or were not checked: {how}")
        section.errors = [scrub(e) for e in section.errors]
        section.notes = [scrub(n) for n in section.notes]
        return section, diagnostics
    except Exception as exc:  # noqa: BLE001 - a bug here must not cost the rest of the report
        problems.append(f"internal error in the kernels section: {type(exc).__name__}: {exc}")
        return None, []


def _measure_units(
    outcomes: list[FileOutcome], checked: CheckResult, check: CheckSettings, status: str = "compiles"
) -> list[Unit]:
    """The units of this check status, with the include folders the check used for them."""
    project = [Path(os.path.abspath(o.output)) for o in outcomes if o.output and o.status in (*_WRITTEN, "copied")]
    scanner = IncludeScanner(project)
    mapped = folder_map(outcomes)
    outputs = {os.path.abspath(o.output): o for o in outcomes if o.output}
    root = Path(os.path.commonpath([str(p.parent) for p in project])) if project else None
    units = []
    for unit in checked.units:
        if unit.status != status:
            continue
        outcome = outputs.get(os.path.abspath(unit.output))
        if outcome is None:
            continue
        compiled = Path(os.path.abspath(unit.output))
        own = check.file_flags.get(str(Path(unit.input).resolve()), [])
        flags = [map_include(f, mapped) for f in (*check.flags, *own)]
        closure = scanner.closure(compiled, include_folders(flags))
        flags += [f"-I{folder}" for folder in closure.inferred]
        flags += [f"-I{compiled.parent}"] + ([f"-I{root}"] if root is not None else [])
        if not any(f.startswith("-std=") for f in flags):
            flags.append(DEFAULT_STD)
        units.append(Unit(Path(outcome.input), compiled, flags))
    return units


def _launch_loop(finding: Finding) -> LaunchLoop:
    d = finding.diagnostic
    message = d.message
    blockers = d.data.get("blockers")
    head, sep, tail = message.partition(GRAPH_BLOCKERS)
    if isinstance(blockers, (list, tuple)) and blockers:
        reasons = tuple(str(b) for b in blockers)
    elif sep:
        reasons = tuple(r.strip() for r in tail.split(";") if r.strip())
    else:
        reasons = () if finding.fix_title else (message,)
    summary = head.split(":")[0].strip().rstrip(";.") if head else message
    return LaunchLoop(d.path, d.line, summary, finding.fix_title or "", reasons, finding.excerpt)


def _converted(outcomes: list[FileOutcome]) -> dict[str, list[str]]:
    table = load_mappings()
    by_library: dict[str, set[str]] = defaultdict(set)
    for outcome in outcomes:
        for name in outcome.rewritten:
            mapping = table.get(name)
            library = LIBRARY_NAMES.get(mapping.library, mapping.library) if mapping else "headers and other names"
            by_library[library].add(name)
    return {
        library: sorted(names) for library, names in sorted(by_library.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    }


def _excerpt(sources: dict[str, SourceFile], diagnostic: Diagnostic) -> str:
    source = sources.get(diagnostic.path)
    if source is None:
        try:
            source = sources[diagnostic.path] = SourceFile(diagnostic.path, read_source(Path(diagnostic.path)))
        except SkipFile:
            return ""
    if not 1 <= diagnostic.line <= len(source.line_starts):
        return ""
    line = source.line_text(diagnostic.line).strip()
    return line if len(line) <= EXCERPT_LIMIT else shorten_code(line, EXCERPT_LIMIT)
