"""`hipify-plus report`: the migration-gap report, its formats, its escaping and its numbers."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from hipify_plus.diagnostics import Diagnostic
from hipify_plus.report.effort import load_effort_model
from hipify_plus.report.gap_formats import markdown_code, markdown_message, markdown_text

from .conftest import CORPUS, ROOT, SHARED
from .conftest import run_cli as run

PROJECT = CORPUS / "report" / "attention"
EXPECTED_MARKDOWN = CORPUS / "report" / "attention.gap.md"

# Markup in every place source text reaches a report: a file name, a comment, a string literal,
# a build flag, an identifier-bearing message.
HOSTILE_NAME = "<img src=x onerror=alert(1)>.cu"
HOSTILE_SOURCE = b"""// </td></pre><script>alert("comment")</script>
#include <cuda_runtime.h>
#include <cooperative_groups/reduce.h>
void f() {
    const char* s = "<iframe src=javascript:alert(1)> | cell";
    cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice, cudaFlushGPUDirectRDMAWritesToOwner); // <script>x</script> | `tick`
}
"""
HOSTILE_MAKEFILE = b"""NVCCFLAGS := -arch=sm_80 -DTAG='"<script>alert(2)</script>"' -maxrregcount=32
all:
\tnvcc $(NVCCFLAGS) -o a a.cu
"""

# Every tag the report's own template writes; anything else came from the scanned tree.
OUR_TAGS = {"html", "head", "meta", "title", "style", "body", "h1", "h2", "p", "div", "b", "span", "code",
            "svg", "rect", "text", "table", "tr", "th", "td", "details", "summary", "pre", "small", "br",
            "ul", "li"}


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    (src / HOSTILE_NAME).write_bytes(HOSTILE_SOURCE)
    (src / "Makefile").write_bytes(HOSTILE_MAKEFILE)
    return src


def test_markdown_report_matches_the_reviewed_corpus_output(capsys, monkeypatch, update_corpus: bool) -> None:
    monkeypatch.chdir(ROOT)
    code, out, err = run(["report", "corpus/report/attention", "-q"], capsys)
    assert code == 0, err
    if update_corpus:
        EXPECTED_MARKDOWN.write_text(out, encoding="utf-8")
    assert out == EXPECTED_MARKDOWN.read_text(encoding="utf-8")


def test_what_is_left_is_measured_after_conversion(tmp_path: Path, capsys) -> None:
    """Hazards convert removes (build flags, 32-bit shuffle masks, <cooperative_groups/reduce.h>)
    are not work left; lint on the CUDA tree still sees them."""
    code, out, _ = run(["report", str(PROJECT), "--format", "json", "-q"], capsys)
    report = json.loads(out)
    left = {f["rule"] for f in report["findings"]}
    code, out, _ = run(["lint", str(PROJECT), "--output-format", "json"], capsys)
    before = {d["rule"] for d in json.loads(out)}
    assert {"HP103", "HP401", "HP402", "HP403", "HP510"} <= before
    assert not {"HP103", "HP401", "HP402", "HP403", "HP510"} & left
    assert {"HP001", "HP101", "HP105", "HP501"} <= left
    # every finding sits on the user's line, with the user's text as excerpt
    sources = {p: Path(p).read_text().splitlines() for p in {f["path"] for f in report["findings"]}}
    for finding in report["findings"]:
        assert finding["excerpt"] == sources[finding["path"]][finding["line"] - 1].strip()


def test_json_numbers_add_up(capsys) -> None:
    code, out, _ = run(["report", str(PROJECT), "--format", "json", "-q"], capsys)
    report = json.loads(out)
    summary, findings = report["summary"], report["findings"]
    assert code == 0 and summary["findings"] == len(findings) > 0
    assert summary["hours"] == pytest.approx(sum(f["hours"] for f in findings), abs=0.05)
    assert sum(f["hours"] for f in report["files"]) == pytest.approx(sum(f["hours"] for f in findings))
    assert sum(g["count"] for g in report["rules"]) == sum(g["count"] for g in report["families"]) == len(findings)
    assert summary["renamed"] == sum(f["renamed"] for f in report["files"]) > 0
    assert summary["apis_converted"] == sum(len(v) for v in report["converted"].values())
    assert "cublasSgemm" in report["converted"]["cuBLAS"]
    assert {f["resolution"] for f in findings} <= {"automatic", "review a fix", "by hand", "advice"}
    assert report["effort_model"]["rule"]["HP501"] == 8.0


def test_effort_counts_repeats_and_double_reports_once() -> None:
    model = load_effort_model()

    def finding(rule: str, line: int, message: str, identifier: str = "") -> tuple[Diagnostic, str]:
        data = {"identifier": identifier} if identifier else {}
        return Diagnostic(rule, "x", "error", message, "a.cu", 0, 1, line, 1, line, 2, data=data), "by hand"

    hours = model.hours([
        finding("HP001", 3, "`cudaFoo` has no HIP equivalent", "cudaFoo"),
        finding("HP519", 3, "`cudaFoo` has no HIP counterpart"),  # the same code, another rule
        finding("HP001", 9, "`cudaFoo` has no HIP equivalent", "cudaFoo"),  # a repeat
        finding("HP002", 9, "`cudaBar` was removed", "cudaBar"),
    ])
    assert hours == [model.rule["HP001"], 0.0, model.rule["HP001"] * model.repeat, model.severity["error"]]


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: set[str] = set()
        self.handlers: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.add(tag)
        self.handlers += [name for name, _ in attrs if name.startswith("on") or name in ("src", "href")]


def test_html_report_escapes_all_source_text(hostile: Path, tmp_path: Path, capsys) -> None:
    target = tmp_path / "gap.html"
    code, _, err = run(["report", str(hostile), "-o", str(target), "-q"], capsys)
    assert code == 0, err
    page = target.read_text(encoding="utf-8")
    parser = _Tags()
    parser.feed(page)
    assert parser.tags <= OUR_TAGS, parser.tags - OUR_TAGS
    assert parser.handlers == []
    assert "default-src 'none'" in page  # no script, no remote resource, even if one slipped in
    for raw in ("<script", "<iframe", "<img"):
        assert raw not in page.lower()
    assert "&lt;script&gt;alert(" in page and "&lt;img src=x onerror=alert(1)&gt;.cu" in page
    assert "cudaDeviceFlushGPUDirectRDMAWrites" in page  # the finding on the hostile line is there


def test_markdown_report_escapes_all_source_text(hostile: Path, capsys) -> None:
    code, out, _ = run(["report", str(hostile), "--format", "markdown", "-q"], capsys)
    assert code == 0
    outside_code = re.sub(r"(`+)(?:(?!\1).)+\1", "", out)  # code spans show text, never markup
    for raw in ("<script", "<iframe", "<img"):
        assert raw not in outside_code.lower()
    lines = out.splitlines()
    rows = 0
    for index, line in enumerate(lines):  # a `|` from the sources never adds a table cell
        if not line.startswith("|---"):
            continue
        cells = len(line.split("|"))
        for row in lines[index + 1:]:
            if not row.startswith("|"):
                break
            assert len(re.split(r"(?<!\\)\|", row)) == cells, row
            rows += 1
    assert rows > 10


def test_markdown_filters() -> None:
    assert markdown_text("a|b <i>*c*</i> [l](u)\nd") == "a\\|b &lt;i&gt;\\*c\\*&lt;/i&gt; \\[l\\](u) d"
    assert markdown_code("x ` y|z") == "``x ` y\\|z``"
    assert markdown_code("`edge") == "`` `edge ``"
    assert markdown_message("`<b>` is *bold*") == "`<b>` is \\*bold\\*"
    assert markdown_message("unbalanced ` tick") == "unbalanced \\` tick"


def test_sarif_report_is_valid_and_carries_the_summary(capsys) -> None:
    code, out, _ = run(["report", str(PROJECT), "--format", "sarif", "-q"], capsys)
    document = json.loads(out)
    run_ = document["runs"][0]
    assert code == 0 and run_["properties"]["migrationGap"]["findings"] == len(run_["results"]) > 0
    jsonschema = pytest.importorskip("jsonschema")
    schema_path = SHARED / "sarif" / "sarif-schema-2.1.0.json"
    if not schema_path.is_file():
        pytest.skip("../shared/sarif/sarif-schema-2.1.0.json is not beside this checkout (only CI's copy has it)")
    jsonschema.Draft4Validator(json.loads(schema_path.read_text())).validate(document)


@pytest.mark.parametrize("suffix, marker", [(".html", "<!DOCTYPE html>"), (".md", "# Migration gap"),
                                            (".json", '"summary"'), (".sarif", '"version": "2.1.0"')])
def test_format_follows_the_output_suffix(suffix: str, marker: str, tmp_path: Path, capsys) -> None:
    target = tmp_path / f"gap{suffix}"
    code, _, err = run(["report", str(PROJECT), "-o", str(target)], capsys)
    assert code == 0 and marker in target.read_text(encoding="utf-8")
    assert f"to {target}" in err and "findings left" in err
    assert target.stat().st_mode & 0o044 == 0o044 or target.stat().st_mode & 0o077 == 0  # umask respected


def test_report_never_touches_the_inputs(tmp_path: Path, capsys) -> None:
    src = tmp_path / "src"
    src.mkdir()
    for path in PROJECT.rglob("*"):
        if path.is_file():
            (src / path.relative_to(PROJECT)).parent.mkdir(parents=True, exist_ok=True)
            (src / path.relative_to(PROJECT)).write_bytes(path.read_bytes())
    before = {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in src.rglob("*") if p.is_file()}
    code, _, _ = run(["report", str(src), "-o", str(tmp_path / "gap.html")], capsys)
    assert code == 0
    after = {p: (p.stat().st_mtime_ns, p.read_bytes()) for p in src.rglob("*") if p.is_file()}
    assert after == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["gap.html", "src"]


def test_report_on_unreadable_and_binary_files_names_them(tmp_path: Path, capsys) -> None:
    (tmp_path / "ok.cu").write_bytes(b"void f() { cudaDeviceSynchronize(); }\n")
    (tmp_path / "blob.cu").write_bytes(b"\x7fELF\x00\x01" * 100)
    (tmp_path / "gone.cu").symlink_to(tmp_path / "nowhere.cu")
    code, out, err = run(["report", str(tmp_path), "--format", "json"], capsys)
    report = json.loads(out)
    assert code == 0 and "Traceback" not in err
    assert any("blob.cu: binary file" in p for p in report["problems"])
    assert any("gone.cu: cannot read" in p for p in report["problems"])
    assert "blob.cu: binary file" in err


@pytest.mark.parametrize("args, message", [
    (["MISSING"], "missing.cu: no such file or directory"),
    (["PROJECT", "-o", "FOLDER"], "is a folder; name the report file"),
    (["PROJECT", "-o", "NOWHERE/gap.html"], "cannot write"),
    (["PROJECT", "--rocm-version", "six"], "is not a version"),
    (["PROJECT", "--config", "MISSING"], "no such config file"),
], ids=["missing-input", "output-is-a-folder", "output-unwritable", "bad-version", "missing-config"])
def test_bad_report_arguments_give_one_clear_error(args: list[str], message: str, tmp_path: Path, capsys) -> None:
    (tmp_path / "file").write_text("x")
    names = {"MISSING": str(tmp_path / "missing.cu"), "PROJECT": str(PROJECT), "FOLDER": str(tmp_path),
             "NOWHERE/gap.html": str(tmp_path / "file" / "gap.html")}
    code, out, err = run(["report", *[names.get(a, a) for a in args]], capsys)
    assert code == 2 and message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and out == ""


def test_config_selection_applies_to_every_finding(tmp_path: Path, capsys) -> None:
    src = tmp_path / "proj"
    for path in PROJECT.rglob("*"):
        if path.is_file():
            (src / path.relative_to(PROJECT)).parent.mkdir(parents=True, exist_ok=True)
            (src / path.relative_to(PROJECT)).write_bytes(path.read_bytes())
    (src / "pyproject.toml").write_text('[tool.hipify-plus]\nignore = ["HP007"]\n'
                                        '[tool.hipify-plus.per-file-ignores]\n"src/softmax.cu" = ["HP5"]\n')
    code, out, _ = run(["report", str(src), "--format", "json", "-q"], capsys)
    left = {(Path(f["path"]).name, f["rule"]) for f in json.loads(out)["findings"]}
    assert code == 0 and ("timing.cu", "HP519") in left and ("softmax.cu", "HP101") in left
    assert not [r for name, r in left if r == "HP007" or (name == "softmax.cu" and r.startswith("HP5"))]
