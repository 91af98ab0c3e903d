"""SARIF 2.1.0, with rule metadata (names, summaries, docs, default levels) from rules/.

What a consumer gets (GitHub code scanning reads `help.markdown`, levels, locations and
`properties.tags`; editors' SARIF viewers also apply `fixes`):

- file locations as relative `uri`s with `uriBaseId` SRCROOT, the run's `originalUriBaseIds`
  giving that root as a file:// URI (SARIF 2.1.0, 3.4.4): the report's root, or for lint the
  git work tree (else the working folder, else the common folder) holding the findings' files.
  The log names no machine's folders outside that one entry.

- each rule's whole documentation in `help` (Markdown and text), with the place it lives in the
  repository and the command that prints it. There is no public documentation site, and
  `helpUri` must be an absolute URI (SARIF 2.1.0, 3.49.12), so it is written only where a team
  says where it hosts the docs (`docs-url` in [tool.hipify-plus], with `{id}` and `{name}`);
  the tool's `informationUri` is left out: the docs travel inside the log.
- results with a SAFE fix carry it in `fixes`: one `artifactChange` per file, a `replacement`
  per edit, its `deletedRegion` given both as line/column (columns in Unicode code points, the
  run's `columnKind`) and as the UTF-8 byte range the edit was made on. Only when the source
  the fix was computed on is at hand (`sources`) and every edit lies inside it: a report
  whose findings were moved back to other text gives none. Unsafe fixes and suggestions are
  named in the result's properties, never offered as `fixes`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path, PurePosixPath
from typing import Any, TextIO
from urllib.parse import quote

from hipify_plus import __version__
from hipify_plus.diagnostics import Diagnostic
from hipify_plus.edits import Applicability, Edit
from hipify_plus.registry import Rule, get_rule, rule_families
from hipify_plus.source import SourceFile

# The official schema's own id (OASIS SARIF TC, 2.1.0 with errata 01).
SCHEMA = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


SRCROOT = "SRCROOT"  # the uriBaseId of every artifact location (SARIF 2.1.0, 3.4.4 and 3.14.14)


def artifact_uri(path: str) -> str:
    """A URI reference for a path: relative paths stay relative, absolute ones become file://
    URIs; characters a URI cannot hold are percent-encoded."""
    as_path = Path(path)
    if as_path.is_absolute():
        return as_path.as_uri()
    return quote(PurePosixPath(as_path.as_posix()).as_posix(), safe="/")


def artifact_location(path: str, root: Path) -> dict[str, str]:
    """A file under `root` as a relative `uri` with `uriBaseId` SRCROOT (the run's
    originalUriBaseIds give the root), so the log names no machine's folders and code scanning
    resolves it against the checkout; a file outside the root as an absolute file:// URI."""
    absolute = Path(os.path.abspath(path))
    if not absolute.is_relative_to(root):
        return {"uri": artifact_uri(str(absolute))}
    return {"uri": artifact_uri(absolute.relative_to(root).as_posix()), "uriBaseId": SRCROOT}


def root_uri(root: Path) -> str:
    """The root as originalUriBaseIds gives it: an absolute file:// URI ending in a slash."""
    uri = root.as_uri()
    return uri if uri.endswith("/") else uri + "/"


def rule_help(rule: Rule) -> dict[str, str]:
    """The rule's documentation as SARIF `help`: Markdown, and the same text for viewers
    without Markdown."""
    where = f"rules/{rule_families().get(rule.id, rule.family)}/{rule.id}-{rule.name}.toml"
    head = f"**{rule.id} {rule.name}** ({rule.family}, {rule.severity}, fix: {rule.fix}): {rule.summary}."
    tail = f"Documentation: `{where}` in the hipify-plus repository; `hipify-plus rule {rule.id}` prints it."
    markdown = f"{head}\n\n{rule.docs}\n\n{tail}"
    return {"text": markdown, "markdown": markdown}


def _descriptor(rule: Rule, docs_url: str | None) -> dict[str, Any]:
    descriptor = {
        "id": rule.id,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.summary},
        "help": rule_help(rule),
        "defaultConfiguration": {"level": _LEVEL[rule.severity]},
        "properties": {"family": rule.family, "fix": rule.fix, "tags": ["amd", "hip", rule.family]},
    }
    if docs_url is not None:
        descriptor["helpUri"] = docs_url.format(id=rule.id, name=rule.name)
    return descriptor


def _region(source: SourceFile, start: int, end: int) -> dict[str, int]:
    line, column = source.position(start)
    end_line, end_column = source.position(end)
    return {
        "startLine": line,
        "startColumn": column,
        "endLine": end_line,
        "endColumn": end_column,
        "byteOffset": start,
        "byteLength": end - start,
    }


def sarif_fixes(diagnostic: Diagnostic, source: SourceFile | None, root: Path | None = None) -> list[dict[str, Any]]:
    """The SARIF `fixes` of a finding: its fix when SAFE and its edits fit `source`, else none
    (file locations relative to `root`, by default the working folder)."""
    fix = diagnostic.fix
    if fix is None or fix.applicability != Applicability.SAFE or source is None or not fix.edits:
        return []
    if any(e.end > len(source.data) for e in fix.edits):
        return []
    replacements = [_replacement(source, edit) for edit in sorted(fix.edits)]
    return [
        {
            "description": {"text": fix.title},
            "artifactChanges": [
                {
                    "artifactLocation": artifact_location(diagnostic.path, root or Path.cwd()),
                    "replacements": replacements,
                }
            ],
        }
    ]


def _replacement(source: SourceFile, edit: Edit) -> dict[str, Any]:
    replacement: dict[str, Any] = {"deletedRegion": _region(source, edit.start, edit.end)}
    if edit.text:
        replacement["insertedContent"] = {"text": edit.text.decode("utf-8", "replace")}
    return replacement


def sarif_document(
    diagnostics: Sequence[Diagnostic],
    sources: Mapping[str, bytes] | None = None,
    docs_url: str | None = None,
    root: str | Path | None = None,
) -> dict[str, Any]:
    """The SARIF log of `diagnostics`; `sources` (path -> the bytes the findings were made on)
    lets results carry their safe fixes; `docs_url` (with `{id}`) gives rules a helpUri. File
    locations are relative to `root` (by default: paths.sarif_root of the findings' files)."""
    from hipify_plus.report.paths import sarif_root

    base = Path(os.path.abspath(root)) if root is not None else sarif_root([d.path for d in diagnostics])
    used = sorted({d.rule for d in diagnostics})
    index = {rule_id: i for i, rule_id in enumerate(used)}
    files: dict[str, SourceFile] = {}
    results = []
    for d in sorted(diagnostics, key=lambda d: (d.path, d.line, d.column, d.rule)):
        result: dict[str, Any] = {
            "ruleId": d.rule,
            "ruleIndex": index[d.rule],
            "level": _LEVEL[d.severity],
            "message": {"text": d.message},
            "locations": [
                {
                    "physicalLocation": {
                        "artifactLocation": artifact_location(d.path, base),
                        "region": {
                            "startLine": d.line,
                            "startColumn": d.column,
                            "endLine": d.end_line,
                            "endColumn": max(d.end_column, 1),
                        },
                    }
                }
            ],
        }
        if d.fix is not None:
            data = sources.get(d.path) if sources is not None else None
            source = files.setdefault(d.path, SourceFile(d.path, data)) if data is not None else None
            fixes = sarif_fixes(d, source, base)
            if fixes:
                result["fixes"] = fixes
            result["properties"] = {"fix": {"title": d.fix.title, "applicability": d.fix.applicability.name.lower()}}
        results.append(result)
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "hipify-plus",
                        "version": __version__,
                        "rules": [_descriptor(get_rule(rule_id), docs_url) for rule_id in used],
                    }
                },
                "originalUriBaseIds": {SRCROOT: {"uri": root_uri(base)}},
                "results": results,
                "columnKind": "unicodeCodePoints",
            }
        ],
    }


def write_sarif(
    diagnostics: Sequence[Diagnostic],
    out: TextIO,
    sources: Mapping[str, bytes] | None = None,
    docs_url: str | None = None,
) -> None:
    json.dump(sarif_document(diagnostics, sources, docs_url), out, indent=2)
    out.write("\n")
