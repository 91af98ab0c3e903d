"""The migration-gap report as HTML (with charts), Markdown, JSON or SARIF.

HTML and Markdown come from templates/report/; every piece of text that comes from the scanned
tree (paths, messages that quote code, source excerpts) is escaped for the format.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from markupsafe import Markup, escape

from hipify_plus.report.gap import GapReport
from hipify_plus.report.paths import shorten
from hipify_plus.report.sarif import sarif_document
from hipify_plus.templates import render_document

GAP_FORMATS = ("html", "markdown", "json", "sarif")
SUFFIX_FORMATS = {
    ".html": "html",
    ".htm": "html",
    ".md": "markdown",
    ".markdown": "markdown",
    ".json": "json",
    ".sarif": "sarif",
}
FINDING_LIMIT = 2000  # findings listed one by one in HTML and Markdown (JSON and SARIF list all)
KERNEL_LIMIT = 600  # kernel rows (kernel x target) listed in HTML and Markdown (JSON lists all)

# Enough to keep text inert inside a table cell: emphasis, code, links, the cell bar.
_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]|~])")


def markdown_text(value: object) -> str:
    """Plain text for a Markdown table cell: Markdown syntax and inline HTML neutralised."""
    text = str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    text = _MARKDOWN_SPECIAL.sub(r"\\\1", text)
    return re.sub(r"\s+", " ", text)  # a newline would end the table row


def markdown_code(value: object) -> str:
    """A code span that holds any text: fenced by more backticks than it contains; `|` is
    escaped (GFM tables split cells on it even inside code) and newlines become spaces."""
    text = " ".join(str(value).replace("|", "\\|").split())
    if not text:
        return ""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def _spans(message: str) -> list[tuple[bool, str]]:
    """A message's plain and `code` parts (messages quote code between backticks); unbalanced
    backticks make it all plain text."""
    parts = message.split("`")
    if len(parts) % 2 == 0:
        return [(False, message)]
    return [(index % 2 == 1, part) for index, part in enumerate(parts) if part]


def markdown_message(value: object) -> str:
    """A finding's message for Markdown: its code spans kept as code, the rest inert text."""
    return "".join(markdown_code(part) if code else markdown_text(part) for code, part in _spans(str(value)))


def html_message(value: object) -> Markup:
    """A finding's message for HTML: every part escaped, code spans in <code>."""
    return Markup("").join(
        Markup("<code>{}</code>").format(part) if code else escape(part) for code, part in _spans(str(value))
    )


def format_for(path: Path | None, requested: str | None) -> str:
    """--format if given, else from the output file's suffix; Markdown on standard output."""
    if requested:
        return requested
    if path is None:
        return "markdown"
    return SUFFIX_FORMATS.get(path.suffix.lower(), "html")


def render_gap(report: GapReport, fmt: str, docs_url: str | None = None) -> str:
    if fmt == "json":
        return json.dumps(report.to_json(), indent=2) + "\n"
    if fmt == "sarif":
        document = sarif_document([f.diagnostic for f in report.findings], docs_url=docs_url, root=report.root or None)
        document["runs"][0]["properties"] = {"migrationGap": report.counts()}
        return json.dumps(document, indent=2) + "\n"
    limits = {"finding_limit": FINDING_LIMIT, "kernel_limit": KERNEL_LIMIT}
    if fmt == "markdown":
        return render_document(
            "report/gap.md.j2",
            {"md": markdown_text, "code": markdown_code, "message": markdown_message, "short": shorten},
            report=report,
            **limits,
        )
    return render_document("report/gap.html.j2", {"message": html_message, "short": shorten}, report=report, **limits)
