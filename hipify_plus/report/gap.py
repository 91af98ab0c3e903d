"""The migration-gap report's model: what `convert` would change, what is left and why, and how
much work remains. It converts into a scratch folder (the inputs are never written), lints the
inputs, and joins the two; the formats in report/gap_formats.py only render this model."""

from __future__ import annotations

import tempfile
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from hipify_plus import __version__
from hipify_plus.convert import ConvertSettings, FileOutcome, convert
from hipify_plus.diagnostics import Diagnostic
from hipify_plus.filekinds import file_kind
from hipify_plus.fsutil import DEFAULT_MAX_FILE_SIZE, SkipFile, read_source
from hipify_plus.linemap import LineMap
from hipify_plus.lint.settings import LintSettings
from hipify_plus.mappings import LIBRARY_NAMES, load_mappings
from hipify_plus.registry import get_rule
from hipify_plus.report.effort import RESOLUTIONS, EffortModel, load_effort_model, resolution_of
from hipify_plus.source import SourceFile
from hipify_plus.translate.engine import TranslateOptions
from hipify_plus.versions import format_version

EXCERPT_LIMIT = 240  # characters of the finding's source line kept in the report

@dataclass(frozen=True)
class Finding:
    diagnostic: Diagnostic  # located in the user's file
    origin: str  # "convert" (renaming could not finish the job) or "lint" (an AMD hazard)
    family: str
    resolution: str  # one of RESOLUTIONS
    fix_title: str | None
    hours: float
    excerpt: str  # the source line, as text

    def to_json(self) -> dict[str, Any]:
        record = self.diagnostic.to_json()
        record.pop("fix", None)
        return {**record, "origin": self.origin, "family": self.family, "resolution": self.resolution,
                "fix": self.fix_title, "hours": round(self.hours, 3), "excerpt": self.excerpt}


@dataclass
class FileSummary:
    path: str
    kind: str  # source | build | other
    status: str  # converted | unchanged | skipped | error
    renamed: int = 0
    message: str = ""
    findings: int = 0
    hours: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "kind": self.kind, "status": self.status, "renamed": self.renamed,
                "message": self.message, "findings": self.findings, "hours": round(self.hours, 3)}


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
        return {"key": self.key, "title": self.title, "count": self.count, "hours": round(self.hours, 3),
                "by_severity": dict(self.by_severity), "by_resolution": dict(self.by_resolution)}


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
    tool_version: str = __version__

    @property
    def hours(self) -> float:
        return sum(f.hours for f in self.findings)

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
            **{f"findings_{s}": severities[s] for s in ("error", "warning", "info")},
            **{f"resolution_{r.replace(' ', '_')}": resolutions[r] for r in RESOLUTIONS},
            "hours": round(self.hours, 1),
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "tool": {"name": "hipify-plus", "version": self.tool_version},
            "inputs": self.inputs,
            "target": {"rocm": self.rocm_version, "roc_libraries": self.roc},
            "summary": self.counts(),
            "converted": {library: names for library, names in self.converted.items()},
            "families": [g.to_json() for g in self.groups("family")],
            "rules": [g.to_json() for g in self.groups("rule")],
            "files": [f.to_json() for f in self.files],
            "findings": [f.to_json() for f in self.findings],
            "problems": self.problems,
            "effort_model": self.model.to_json(),
        }


def build_report(
    paths: list[Path], options: TranslateOptions, lint_settings: LintSettings, *, jobs: int = 0,
    max_file_size: int = DEFAULT_MAX_FILE_SIZE,
) -> GapReport:
    """Convert into a scratch folder, lint what convert wrote (what is left is what the
    converted code still has), and report every finding at its place in the user's files.
    Raises ConvertError for unusable inputs (a missing path)."""
    from hipify_plus.commands.lint import lint_paths

    with tempfile.TemporaryDirectory(prefix="hipify-plus-report-") as scratch:
        output = Path(scratch) / "out"
        output.mkdir()
        conversion = convert(paths, ConvertSettings(
            options=options, output=output, copy_others=False, use_cache=False, jobs=jobs,
            max_file_size=max_file_size, exclude=lint_settings.exclude,
        ))
        # select/ignore/per-file-ignores apply to every finding; per-file-ignores name the
        # user's paths, so lint's findings are filtered once they are mapped back
        linted = lint_paths([output], replace(lint_settings, per_file_ignores=()), None, False,
                            max_file_size, jobs)
        origins = {o.output: o for o in conversion.outcomes if o.output and o.status in _WRITTEN}
        maps: dict[str, LineMap | None] = {}
        # (finding in the user's file, origin, resolution and fix title of the finding as made)
        raw: list[tuple[Diagnostic, str, str, str | None]] = [
            (d, "convert", resolution_of(d), d.fix.title if d.fix else None)
            for o in conversion.outcomes for d in o.diagnostics if lint_settings.enabled(d.rule, d.path)
        ]
        for diagnostic in linted.diagnostics:
            outcome = origins.get(diagnostic.path)
            if outcome is None:
                continue
            if diagnostic.path not in maps:
                maps[diagnostic.path] = LineMap.between(outcome.input, linted.sources[diagnostic.path])
            line_map = maps[diagnostic.path]
            back = line_map.back(diagnostic) if line_map is not None else None
            if back is not None and lint_settings.enabled(back.rule, back.path):
                raw.append((back, "lint", resolution_of(diagnostic), diagnostic.fix.title if diagnostic.fix else None))
        internal = [f"internal error: {e.replace(str(output), '<converted>')}" for e in linted.internal]

    sources = {m.original.path: m.original for m in maps.values() if m is not None}
    model = load_effort_model()
    files = {o.input: _file_summary(o) for o in conversion.outcomes}
    raw.sort(key=lambda item: (item[0].path, item[0].line, item[0].column, item[0].rule))
    findings = []
    for (diagnostic, origin, resolution, fix_title), hours in zip(raw, model.hours((d, r) for d, _, r, _ in raw)):
        family = get_rule(diagnostic.rule).family
        findings.append(Finding(diagnostic, origin, family, resolution, fix_title, hours, _excerpt(sources, diagnostic)))
        summary = files.setdefault(diagnostic.path, FileSummary(diagnostic.path, _kind(diagnostic.path), "unchanged"))
        summary.findings += 1
        summary.hours += hours

    problems = [f"{o.input}: {o.message}" for o in conversion.outcomes if o.status in ("error", "skipped")]
    return GapReport(
        inputs=[str(p) for p in paths], rocm_version=format_version(options.rocm_version), roc=options.roc,
        files=sorted(files.values(), key=lambda f: f.path), converted=_converted(conversion.outcomes),
        renamed=sum(o.renamed for o in conversion.outcomes), findings=findings, problems=problems + internal,
        model=model,
    )


_WRITTEN = ("changed", "unchanged", "cached")


def _kind(path: str) -> str:
    kind = file_kind(path)
    return "other" if kind is None else "source" if kind == "source" else "build"


def _file_summary(outcome: FileOutcome) -> FileSummary:
    status = {"changed": "converted", "cached": "converted"}.get(outcome.status, outcome.status)
    return FileSummary(outcome.input, _kind(outcome.input), status, outcome.renamed,
                       outcome.message if outcome.status in ("error", "skipped") else "")


def _converted(outcomes: list[FileOutcome]) -> dict[str, list[str]]:
    table = load_mappings()
    by_library: dict[str, set[str]] = defaultdict(set)
    for outcome in outcomes:
        for name in outcome.rewritten:
            mapping = table.get(name)
            library = LIBRARY_NAMES.get(mapping.library, mapping.library) if mapping else "headers and other names"
            by_library[library].add(name)
    return {library: sorted(names) for library, names in sorted(by_library.items(), key=lambda kv: (-len(kv[1]), kv[0]))}


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
    return line if len(line) <= EXCERPT_LIMIT else line[: EXCERPT_LIMIT - 1] + "…"
