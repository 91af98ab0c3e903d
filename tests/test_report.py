"""`hipify-plus report`: the migration-gap report, its formats, its escaping and its numbers."""

from __future__ import annotations

import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from hipify_plus.diagnostics import Diagnostic
from hipify_plus.quoting import shorten_code
from hipify_plus.report.effort import load_effort_model
from hipify_plus.report.gap_formats import markdown_code, markdown_message, markdown_text
from hipify_plus.report.kernels import KernelRow, estimate_sources
from hipify_plus.report.paths import relative_text

from .conftest import CORPUS, ROOT, SHARED
from .conftest import run_cli as run

PROJECT = CORPUS / "report" / "attention"
INCLUDED = CORPUS / "report" / "included"  # a unity build: main.cu #includes kernels.cu
LONG_HOST_CALL = CORPUS / "report" / "long_host_call"
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
"""  # noqa: E501 - the finding and the hostile comment on one source line
HOSTILE_MAKEFILE = b"""NVCCFLAGS := -arch=sm_80 -DTAG='"<script>alert(2)</script>"' -maxrregcount=32
all:
\tnvcc $(NVCCFLAGS) -o a a.cu
"""

# Every tag the report's own template writes; anything else came from the scanned tree.
OUR_TAGS = {
    "html",
    "head",
    "meta",
    "title",
    "style",
    "body",
    "h1",
    "h2",
    "p",
    "div",
    "b",
    "span",
    "code",
    "svg",
    "rect",
    "text",
    "table",
    "tr",
    "th",
    "td",
    "details",
    "summary",
    "pre",
    "small",
    "br",
    "ul",
    "ol",
    "li",
    "i",
}
# Without hipcc and nvcc, and for a fixed target: the same report on every machine.
FIXED = ["--no-check", "--no-cuda", "--rocm-version", "6.3"]


@pytest.fixture
def hostile(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    (src / HOSTILE_NAME).write_bytes(HOSTILE_SOURCE)
    (src / "Makefile").write_bytes(HOSTILE_MAKEFILE)
    return src


def test_markdown_report_matches_the_reviewed_corpus_output(capsys, monkeypatch, update_corpus: bool) -> None:
    monkeypatch.chdir(ROOT)
    code, out, err = run(["report", "corpus/report/attention", "-q", *FIXED], capsys)
    assert code == 0, err
    if update_corpus:
        EXPECTED_MARKDOWN.write_text(out, encoding="utf-8")
    assert out == EXPECTED_MARKDOWN.read_text(encoding="utf-8")


def test_what_is_left_is_measured_after_conversion(tmp_path: Path, capsys) -> None:
    """Hazards convert removes (build flags, 32-bit shuffle masks, <cooperative_groups/reduce.h>)
    are not work left; lint on the CUDA tree still sees them."""
    code, out, _ = run(["report", str(PROJECT), "--format", "json", "-q", *FIXED], capsys)
    report = json.loads(out)
    left = {f["rule"] for f in report["findings"]} | {a["rule"] for f in report["findings"] for a in f["also"]}
    code, out, _ = run(["lint", str(PROJECT), "--output-format", "json"], capsys)
    before = {d["rule"] for d in json.loads(out)}
    assert {"HP103", "HP401", "HP402", "HP403", "HP510"} <= before
    assert not {"HP103", "HP401", "HP402", "HP403", "HP510"} & left
    # (its warp code runs one 32-thread group per block: the same on a 64-lane wavefront, no HP1xx left)
    assert {"HP001", "HP501"} <= left
    # every finding sits on the user's line, with the user's text as excerpt
    root = Path(report["root"])
    sources = {p: (root / p).read_text().splitlines() for p in {f["path"] for f in report["findings"]}}
    for finding in report["findings"]:
        assert finding["excerpt"] == sources[finding["path"]][finding["line"] - 1].strip()


def test_json_numbers_add_up(capsys) -> None:
    code, out, _ = run(["report", str(PROJECT), "--format", "json", "-q", *FIXED], capsys)
    report = json.loads(out)
    summary, findings = report["summary"], report["findings"]
    assert code == 0 and summary["findings"] == len(findings) > 0
    # the total: the findings, plus porting each changed build file and verifying each device line
    assert summary["hours_findings"] == pytest.approx(sum(f["hours"] for f in findings), abs=0.05)
    assert summary["hours"] == pytest.approx(
        summary["hours_findings"] + summary["hours_build"] + summary["hours_verify"], abs=0.15
    )
    assert summary["hours_verify"] > 0 and summary["device_lines"] > 0
    # a build file costs its hours, or less where the file is small enough to port by hand
    assert 0 < summary["hours_build"] <= summary["build_files"] * report["effort_model"]["build"] + 0.05
    per_file = sum(f["hours"] for f in report["files"])
    parts = sum(f["hours"] for f in findings) + sum(f["build_hours"] + f["verify_hours"] for f in report["files"])
    assert per_file == pytest.approx(parts, abs=0.01)
    assert sum(g["count"] for g in report["rules"]) == sum(g["count"] for g in report["families"]) == len(findings)
    assert summary["renamed"] == sum(f["renamed"] for f in report["files"]) > 0
    assert summary["apis_converted"] == sum(len(v) for v in report["converted"].values())
    assert "cublasSgemm" in report["converted"]["cuBLAS"]
    assert {f["resolution"] for f in findings} <= {"automatic", "review a fix", "by hand", "advice"}
    assert report["effort_model"]["rule"]["HP501"] == 8.0
    for file in report["files"]:  # the bound: never more than porting the file by hand
        if file["bound_hours"] is not None:
            assert file["hours"] <= file["bound_hours"] + 1e-6


def test_effort_counts_repeats_and_double_reports_once() -> None:
    model = load_effort_model()

    def finding(rule: str, line: int, message: str, identifier: str = "") -> tuple[Diagnostic, str]:
        data = {"identifier": identifier} if identifier else {}
        start = line * 100  # one line each, as real findings are
        return Diagnostic(rule, "x", "error", message, "a.cu", start, start + 8, line, 1, line, 9, data=data), "by hand"

    hours = model.hours(
        [
            finding("HP001", 3, "`cudaFoo` has no HIP equivalent", "cudaFoo"),
            finding("HP519", 3, "`cudaFoo` has no HIP counterpart"),  # the same code, another rule
            finding("HP001", 9, "`cudaFoo` has no HIP equivalent", "cudaFoo"),  # a repeat
            finding("HP002", 10, "`cudaBar` was removed", "cudaBar"),
        ]
    )
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
        for row in lines[index + 1 :]:
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
    code, out, _ = run(["report", str(PROJECT), "--format", "sarif", "-q", *FIXED], capsys)
    document = json.loads(out)
    run_ = document["runs"][0]
    assert code == 0 and run_["properties"]["migrationGap"]["findings"] == len(run_["results"]) > 0
    # every location relative to the folder given, which the run names once (SARIF 2.1.0, 3.4.4)
    assert run_["originalUriBaseIds"] == {"SRCROOT": {"uri": PROJECT.as_uri() + "/"}}
    locations = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in run_["results"]]
    assert all(loc["uriBaseId"] == "SRCROOT" and not loc["uri"].startswith(("file:", "/")) for loc in locations)
    assert "src/softmax.cu" in {loc["uri"] for loc in locations} and str(PROJECT) not in json.dumps(run_["results"])
    jsonschema = pytest.importorskip("jsonschema")
    schema_path = SHARED / "sarif" / "sarif-schema-2.1.0.json"
    if not schema_path.is_file():
        pytest.skip("../shared/sarif/sarif-schema-2.1.0.json is not beside this checkout (only CI's copy has it)")
    jsonschema.Draft4Validator(json.loads(schema_path.read_text())).validate(document)


@pytest.mark.parametrize(
    "suffix, marker",
    [
        (".html", "<!DOCTYPE html>"),
        (".md", "# Migration gap"),
        (".json", '"summary"'),
        (".sarif", '"version": "2.1.0"'),
    ],
)
def test_format_follows_the_output_suffix(suffix: str, marker: str, tmp_path: Path, capsys) -> None:
    target = tmp_path / f"gap{suffix}"
    code, _, err = run(["report", str(PROJECT), "-o", str(target), *FIXED], capsys)
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


@pytest.mark.parametrize(
    "args, message",
    [
        (["MISSING"], "missing.cu: no such file or directory"),
        (["PROJECT", "-o", "FOLDER"], "is a folder; name the report file"),
        (["PROJECT", "-o", "NOWHERE/gap.html"], "cannot write"),
        (["PROJECT", "--rocm-version", "six"], "is not a version"),
        (["PROJECT", "--config", "MISSING"], "no such config file"),
    ],
    ids=["missing-input", "output-is-a-folder", "output-unwritable", "bad-version", "missing-config"],
)
def test_bad_report_arguments_give_one_clear_error(args: list[str], message: str, tmp_path: Path, capsys) -> None:
    (tmp_path / "file").write_text("x")
    names = {
        "MISSING": str(tmp_path / "missing.cu"),
        "PROJECT": str(PROJECT),
        "FOLDER": str(tmp_path),
        "NOWHERE/gap.html": str(tmp_path / "file" / "gap.html"),
    }
    code, out, err = run(["report", *[names.get(a, a) for a in args]], capsys)
    assert code == 2 and message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and out == ""


def test_config_selection_applies_to_every_finding(tmp_path: Path, capsys) -> None:
    src = tmp_path / "proj"
    for path in PROJECT.rglob("*"):
        if path.is_file():
            (src / path.relative_to(PROJECT)).parent.mkdir(parents=True, exist_ok=True)
            (src / path.relative_to(PROJECT)).write_bytes(path.read_bytes())
    (src / "pyproject.toml").write_text(
        '[tool.hipify-plus]\nignore = ["HP007"]\n[tool.hipify-plus.per-file-ignores]\n"src/softmax.cu" = ["HP5"]\n'
    )
    code, out, _ = run(["report", str(src), "--format", "json", "-q", *FIXED], capsys)
    left = {(Path(f["path"]).name, f["rule"]) for f in json.loads(out)["findings"]}
    left |= {(Path(f["path"]).name, a["rule"]) for f in json.loads(out)["findings"] for a in f["also"]}
    assert code == 0 and ("timing.cu", "HP519") in left and ("softmax.cu", "HP312") in left
    assert not [r for name, r in left if r == "HP007" or (name == "softmax.cu" and r.startswith("HP5"))]


# -- the effort model: one construct once, single-token fixes in minutes, bounded by file size --


def _diagnostic(
    rule: str, start: int, end: int, message: str, line: int = 1, severity: str = "error", fix: bool = False
) -> Diagnostic:
    from hipify_plus.edits import Applicability, Edit, Fix

    made = Fix("rename", (Edit(start, end, b"hipNew"),), Applicability.UNSAFE) if fix else None
    return Diagnostic(rule, "x", severity, message, "a.cu", start, end, line, 1, line, 2, fix=made)


def test_findings_on_one_token_merge_into_the_most_specific_one() -> None:
    from hipify_plus.report.effort import Priced, resolution_of, single_token

    model = load_effort_model()
    generic = _diagnostic("HP001", 10, 22, "`cublasGemmEx` has no HIP equivalent")
    specific = _diagnostic("HP316", 10, 22, "`cublasGemmEx` takes other types on AMD", fix=True)
    other = _diagnostic("HP101", 40, 49, "`WARP_SIZE` hard-codes 32", line=3)
    items = [Priced(d, resolution_of(d), single_token(d.fix)) for d in (generic, specific, other)]
    assert model.merge(items) == [1, None, None]  # HP001 goes into HP316, HP101 stays its own
    hours = model.hours(items)
    assert hours[0] == 0.0 and hours[1] == model.fix["token"] <= 0.25  # minutes, not "by hand 4 h"
    assert hours[2] == model.severity["error"]
    # one rule twice on one whole-line span with different subjects (a build line's flags): two
    flags = [
        Priced(_diagnostic("HP010", 0, 60, f"-{flag}: removed", severity="info"), "advice")
        for flag in ("maxrregcount=64", "Xptxas -v")
    ]
    assert model.merge(flags) == [None, None]


def test_a_file_never_costs_more_than_porting_it_by_hand(tmp_path: Path, capsys) -> None:
    """A 28-line hello world full of unsupported calls costs at most 28 lines' worth."""
    body = "".join(f"    cudaDeviceFlushGPUDirectRDMAWrites{i % 2 and 'X' or ''}(t, s);\n" for i in range(20))
    source = "#include <cuda_runtime.h>\n__global__ void k() {}\nvoid f(int t, int s) {\n" + body + "}\n"
    source += "int main() { k<<<1, 1>>>(); return 0; }\n" * 3
    (tmp_path / "hello.cu").write_text(source)
    code, out, _ = run(["report", str(tmp_path), "--format", "json", "-q", *FIXED], capsys)
    report = json.loads(out)
    assert code == 0
    (file,) = [f for f in report["files"] if f["path"] == "hello.cu"]
    model = load_effort_model()
    assert file["lines"] == source.count("\n") == 27
    assert file["capped"] and file["uncapped_hours"] > file["hours"]
    assert file["hours"] == pytest.approx(27 * model.per_line)
    assert file["hours"] == pytest.approx(
        sum(f["hours"] for f in report["findings"]) + file["build_hours"] + file["verify_hours"], abs=0.01
    )


def test_paths_are_relative_to_the_folder_given_and_shortened_in_the_middle(tmp_path: Path, capsys) -> None:
    from hipify_plus.report.paths import shorten

    deep = tmp_path / "proj" / ("a_rather_long_folder_name_" * 3) / "kernels"
    deep.mkdir(parents=True)
    (deep / "attention_softmax_kernel.cu").write_text("void f() { cudaDeviceFlushGPUDirectRDMAWrites(0, 0); }\n")
    code, out, _ = run(["report", str(tmp_path / "proj"), "-q", *FIXED], capsys)
    assert code == 0 and str(tmp_path) not in out
    relative = f"{'a_rather_long_folder_name_' * 3}/kernels/attention_softmax_kernel.cu"
    assert f"### `{relative}`" in out  # the heading keeps the whole name
    shown = shorten(relative, 72)
    assert f"| `{shown}` |" in out and len(shown) == 72
    assert shown.endswith("/kernels/attention_softmax_kernel.cu") and "…" in shown
    signature = shorten("void mix<160>(float const*, float*, int, int, float, float)", 30)
    assert len(signature) == 30 and signature.startswith("void mix<160>(") and signature.endswith(", float)")


def test_kernel_thresholds_come_from_the_config(tmp_path: Path, capsys) -> None:
    shutil.copy(CORPUS / "resources" / "spill.cu", tmp_path / "spill.cu")
    (tmp_path / "pyproject.toml").write_text("[tool.hipify-plus]\nmin-occupancy = 9\n")
    code, out, _ = run(["report", str(tmp_path), "--format", "json", "-q", *FIXED], capsys)
    kernels = json.loads(out)["kernels"]
    assert code == 0 and kernels["estimate"] and kernels["thresholds"]["min_occupancy"] == 9
    assert {r["kernel"] for r in kernels["rows"]} == {"mix", "transpose_tile"}
    assert all(any("< 9" in f for f in r["flags"]) for r in kernels["rows"])  # 8 waves/SIMD at most
    (tmp_path / "pyproject.toml").write_text("[tool.hipify-plus]\nmax-spills = -1\n")
    code, out, err = run(["report", str(tmp_path), "-q", *FIXED], capsys)
    assert code == 2 and "max-spills must be a whole number of at least 0" in err and out == ""


def test_without_hipcc_the_kernels_are_estimated_and_say_so(tmp_path: Path, capsys) -> None:
    shutil.copy(CORPUS / "resources" / "spill.cu", tmp_path / "spill.cu")
    code, out, _ = run(["report", str(tmp_path), "-q", "--arch", "gfx90a", "--arch", "gfx942", *FIXED], capsys)
    section = out.split("## Kernels")[1].split("## Launch overhead")[0]
    assert "**estimates**, not measurements" in section and "--no-check" in section
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    assert [r.split(" | ")[2] for r in rows] == ["gfx90a", "gfx942", "gfx90a", "gfx942"]
    assert all("static: " in r and "| 128 |" in r for r in rows)  # the VGPR cap without launch bounds
    assert "Compiles with hipcc | not checked: --no-check" in out
    if shutil.which("nvcc") is None:
        return
    code, out, _ = run(
        ["report", str(tmp_path), "-q", "--format", "json", "--no-check", "--rocm-version", "6.3"], capsys
    )
    rows = json.loads(out)["kernels"]["rows"]
    assert code == 0
    # nvcc gives the register-tiled template (160 private floats) about 168 registers: above the
    # 128 VGPRs the default bound leaves, so it comes first as likely to spill
    assert rows[0]["kernel"] == "void mix<160>(float const*, float*)" and rows[0]["basis"].startswith("nvcc sm_80")
    assert rows[0]["flags"][0].startswith("spills likely") and rows[0]["cuda"]["registers"] > 128


@pytest.mark.hipcc
def test_report_check_gives_every_file_a_compile_status(hipcc, tmp_path: Path, capsys) -> None:
    """A unit that compiles, one convert's finding explains, one only the check explains (HP013),
    and one that fails through a header: none shows "0 findings, 0.0 h"."""
    (tmp_path / "good.cu").write_text("#include <cuda_runtime.h>\n__global__ void k(float* x) { x[0] = 1.f; }\n")
    (tmp_path / "gap.cu").write_text(
        "#include <cuda_runtime.h>\nvoid f() {\n"
        "    cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice,\n"
        "                                       cudaFlushGPUDirectRDMAWritesToOwner);\n}\n"
    )
    (tmp_path / "odd.cu").write_text("#include <cuda_runtime.h>\nvoid g() { not_declared_anywhere(3); }\n")
    (tmp_path / "inc.cuh").write_text(
        "#pragma once\ninline void h() { cudaDeviceFlushGPUDirectRDMAWrites("
        "cudaFlushGPUDirectRDMAWritesTargetCurrentDevice, cudaFlushGPUDirectRDMAWritesToOwner); }\n"
    )
    (tmp_path / "user.cu").write_text('#include <cuda_runtime.h>\n#include "inc.cuh"\nvoid u() { h(); }\n')
    code, out, err = run(["report", str(tmp_path), "--check", "--no-cuda", "--format", "json", "-q"], capsys)
    assert code == 0, err
    report = json.loads(out)
    files = {f["path"]: f for f in report["files"]}
    assert files["good.cu"]["compile"] == "compiles"
    assert files["gap.cu"]["compile"] == "fails" and files["gap.cu"]["explained_by"].startswith("HP001 at gap.cu:")
    assert (
        "undeclared identifier" in files["gap.cu"]["compile_note"]
        and "(at gap.cu:3)" in files["gap.cu"]["compile_note"]
    )
    assert files["odd.cu"]["compile"] == "fails" and files["odd.cu"]["explained_by"].startswith("HP013 at odd.cu:2")
    assert files["odd.cu"]["findings"] == 1 and files["odd.cu"]["hours"] > 0  # the failure costs time
    assert files["user.cu"]["compile"] == "fails" and files["user.cu"]["findings"] == 0
    assert files["user.cu"]["explained_by"].startswith("HP001 at inc.cuh:2")
    assert report["compile"]["units"] == 4 and report["compile"]["fail"] == 3
    hp013 = [f for f in report["findings"] if f["rule"] == "HP013"]
    assert hp013 and "<converted>" in hp013[0]["message"] and str(tmp_path) not in hp013[0]["message"]

    code, out, _ = run(["report", str(tmp_path), "--check", "--no-cuda", "-q"], capsys)
    table = out.split("## Files\n")[1].split("\n## ")[0]
    for line in table.splitlines():
        if "| fails |" in line:  # never "0 findings, 0.0 h" for a file that does not compile
            assert not re.search(r"\| 0 \| 0\.0 \|$", line), line
    assert "| `user.cu` | source | converted | fails |" in table and "fails: see HP001 at inc.cuh:2" in table
    assert "| Compiles with hipcc | 1 of 4 units, **3 fail** |" in out


@pytest.mark.hipcc
def test_kernels_section_measures_registers_and_the_tuners_proposal(hipcc, tmp_path: Path, capsys) -> None:
    shutil.copy(CORPUS / "resources" / "spill.cu", tmp_path / "spill.cu")
    nvcc = shutil.which("nvcc")
    code, out, err = run(
        [
            "report",
            str(tmp_path),
            "--check",
            "--arch",
            "gfx90a",
            "--arch",
            "gfx940",
            "--format",
            "json",
            "-q",
            *([] if nvcc else ["--no-cuda"]),
        ],
        capsys,
    )
    assert code == 0, err
    kernels = json.loads(out)["kernels"]
    assert kernels["mode"] == "measured" and not kernels["estimate"]
    rows = kernels["rows"]
    assert [(r["kernel"], r["arch"]) for r in rows] == [
        ("void mix<160>(float const*, float*)", "gfx90a"),
        ("void mix<160>(float const*, float*)", "gfx940"),
        ("transpose_tile(float const*, float*, int)", "gfx90a"),
        ("transpose_tile(float const*, float*, int)", "gfx940"),
    ]
    mix = rows[0]
    assert mix["scratch"] > 0 and mix["vgpr"] == 128 and mix["register_cap"] == 128 and mix["launch_bounds"] is None
    assert mix["flags"][0].startswith("spills") and "__launch_bounds__(256)" in mix["proposal"]
    assert rows[2]["lds"] == 32 * 33 * 4 and not rows[2]["flags"]
    if nvcc:
        assert mix["cuda"]["registers"] > 0
    findings = json.loads(out)["findings"]
    assert [f["rule"] for f in findings if f["origin"] == "resources"] == ["HP601"]  # gfx940's merged into it


@pytest.mark.hipcc
def test_a_spilling_kernel_defined_in_a_header_gets_a_note_not_an_internal_error(hipcc, tmp_path: Path, capsys) -> None:
    """llm.c's kernels live in llmc/*.cuh: the report places them in the header (one row per
    target), and the tuner, which rewrites a unit's own kernels, says so instead of failing the
    section."""
    shutil.copy(CORPUS / "resources" / "spill.cu", tmp_path / "kernels.cuh")
    (tmp_path / "main.cu").write_text('#include "kernels.cuh"\n')
    (tmp_path / "other.cu").write_text('#include "kernels.cuh"\n')  # a second unit compiles them too
    code, out, err = run(["report", str(tmp_path), "--check", "--no-cuda", "--format", "json", "-q"], capsys)
    assert code == 0 and "internal error" not in err, err
    rows = json.loads(out)["kernels"]["rows"]
    mix = [r for r in rows if r["kernel"].startswith("void mix<160>")]
    assert len(mix) == 1  # once per target, however many units compile the header
    assert mix[0]["path"] == "kernels.cuh" and re.fullmatch(
        r"no proposal: defined in the header kernels\.cuh, which (main|other)\.cu includes: tune it by hand there",
        mix[0]["proposal"],
    )


def _strings(value: object) -> list[str]:
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return [value] if isinstance(value, str) else []


def _no_absolute_paths(report: dict, folder: Path) -> None:
    """Only `root` (what every other path is relative to) and the inputs as given name the folder."""
    rest = {k: v for k, v in report.items() if k not in ("root", "inputs")}
    assert report["root"] == str(folder)
    leaked = [s for s in _strings(rest) if str(folder) in s]
    assert not leaked, leaked[:3]


@pytest.mark.hipcc
def test_kernels_are_the_projects_own_at_their_definition(hipcc, tmp_path: Path, capsys) -> None:
    """llm.c's test_gpt2_fp32.cu #includes train_gpt2_fp32.cu, whose softmax kernel asserts: hipcc
    lists the device library's __assert_fail beside the kernels (it became a row at a line the
    unit does not have), the kernel uses scratch without spilling (the headline counted it as
    spilling), the tuner called the .cu file a header, and nvcc's failure went unlisted."""
    project = tmp_path / "project"
    shutil.copytree(INCLUDED, project)
    nvcc = shutil.which("nvcc")
    args = ["report", str(project), "--check", "-q", *([] if nvcc else ["--no-cuda"])]
    code, out, err = run([*args, "--format", "json"], capsys)
    assert code == 0 and "internal error" not in err, err
    report = json.loads(out)
    kernels = report["kernels"]
    assert kernels["mode"] == "measured"
    rows = kernels["rows"]
    assert [(r["kernel"], r["path"], r["line"]) for r in rows] == [
        ("checked_scale(float*, float, int)", "kernels.cu", 12)
    ]
    row = rows[0]
    assert row["scratch"] > 0 and row["vgpr_spill"] == row["sgpr_spill"] == 0 and row["occupancy"] >= 2
    assert row["flags"] == [f"scratch {row['scratch']} B/lane, no spills"]
    assert row["proposal"] == "no proposal: defined in kernels.cu, which main.cu includes: tune it by hand there"
    summary = report["summary"]
    assert (summary["kernels"], summary["kernels_flagged"], summary["kernels_scratch_only"]) == (1, 0, 1)
    files = {f["path"]: f for f in report["files"]}
    if files["other.cu"]["compile"] == "not-checked" and "hipblaslt" in files["other.cu"]["compile_note"]:
        assert files["helpers.cuh"]["compile_note"].startswith("through other.cu: needs <hipblaslt/hipblaslt.h>")
    if nvcc:  # nvcc stops at kernels.cu's CUDA-only header: the CUDA side is missing, and says why
        assert row["cuda"] is None and "(for 0 of 1 kernel)" in kernels["how"]
        assert [e for e in kernels["errors"] if e.startswith("main.cu")] == [
            "main.cu: no CUDA side for its kernels nor for those of kernels.cu, which it includes: nvcc failed "
            "(exit status 1): kernels.cu:9:10: fatal error: cuda_side_only.h: No such file or directory"
        ]
    _no_absolute_paths(report, project)

    code, out, _ = run([*args, "--format", "markdown"], capsys)
    assert "| Kernels | 1, 0 spill or fall below 2 waves/SIMD, 1 more uses scratch without spilling |" in out
    code, out, _ = run([*args, "--format", "html"], capsys)
    card = out.split('id="card-kernels">')[1].split("</div>")[0]
    assert card == "<b>0 / 1</b>kernels spill or fall below 2 waves/SIMD; 1 more uses scratch without spilling"


def test_estimates_say_what_they_come_from_and_where_nvcc_failed(tmp_path: Path, capsys) -> None:
    """Without hipcc, nvcc present but failing on every file: every row is a static estimate, so
    the section must not say the estimates come from nvcc's register counts; both files nvcc failed
    on are listed, relative to the folder given."""
    if shutil.which("nvcc") is None:
        pytest.skip("nvcc is not installed")
    project = tmp_path / "project"
    shutil.copytree(INCLUDED, project)
    code, out, _ = run(["report", str(project), "--no-check", "--rocm-version", "6.3", "--format", "json"], capsys)
    report = json.loads(out)
    kernels = report["kernels"]
    assert code == 0 and kernels["estimate"] and all(r["basis"].startswith("static") for r in kernels["rows"])
    assert kernels["how"] == (
        "estimated from a static estimate of per-thread state (1 kernel) with AMD's occupancy model: --no-check"
    )
    failed = sorted(e.split(":")[0] for e in kernels["errors"] if "nvcc failed" in e)
    assert {"kernels.cu", "main.cu"} <= set(failed)  # other.cu too where cuBLASLt is not installed
    assert all("kernels.cu:9:10: fatal error: cuda_side_only.h" in e for e in kernels["errors"] if "cuda_side" in e)
    _no_absolute_paths(report, project)


def test_estimate_sources_count_the_rows_by_source() -> None:
    def row(kernel: str, basis: str, arch: str = "gfx90a") -> KernelRow:
        return KernelRow(kernel, "k.cu", len(kernel), arch, basis=basis)

    nvcc = [row("a", "nvcc sm_80: 40 registers"), row("a", "nvcc sm_80: 40 registers", "gfx942")]
    static = [row("bb", "static: ~3 words of per-thread state + 24"), row("ccc", "static: ~1 words")]
    assert estimate_sources(nvcc, "sm_80", "nvcc") == "nvcc sm_80 register counts (1 kernel)"
    assert estimate_sources(static, "sm_80", "nvcc") == "a static estimate of per-thread state (2 kernels)"
    assert estimate_sources(static, "sm_80", None) == "a static estimate of per-thread state (2 kernels; no nvcc)"
    assert estimate_sources(nvcc + static, "sm_80", "nvcc") == (
        "nvcc sm_80 register counts (1 kernel) and a static estimate of per-thread state for the rest (2 kernels)"
    )


def test_messages_name_paths_relative_to_the_root() -> None:
    root = "/work/real/llm.c"
    assert relative_text(f"through {root}/profile_gpt2.cu: needs <roctracer/roctx.h>", root) == (
        "through profile_gpt2.cu: needs <roctracer/roctx.h>"
    )
    assert relative_text(f"{root}/dev/cuda/adamw.cu: nvcc failed: {root}/dev/cuda/common.h:4:10: x", root) == (
        "dev/cuda/adamw.cu: nvcc failed: dev/cuda/common.h:4:10: x"
    )
    assert relative_text(f"{root}x/a.cu /other{root}/a.cu /usr/include/a.h", root) == (
        f"{root}x/a.cu /other{root}/a.cu /usr/include/a.h"  # another folder, or the root inside another path
    )


def test_lint_sarif_locations_are_relative_to_a_base(tmp_path: Path, capsys) -> None:
    """lint shares the SARIF writer: findings in files given by absolute path get relative URIs."""
    shutil.copytree(PROJECT, tmp_path / "project")
    code, out, _ = run(["lint", str(tmp_path / "project"), "--output-format", "sarif"], capsys)
    run_ = json.loads(out)["runs"][0]
    base = run_["originalUriBaseIds"]["SRCROOT"]["uri"]
    assert base == (tmp_path / "project").as_uri() + "/" and str(tmp_path) not in json.dumps(run_["results"])
    locations = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in run_["results"]]
    assert locations and {loc["uriBaseId"] for loc in locations} == {"SRCROOT"}
    assert "src/softmax.cu" in {loc["uri"] for loc in locations}


def test_code_a_message_quotes_is_whole_or_cut_in_the_middle(capsys) -> None:
    """HP324 quoted the loop body's host call in 48 characters, cut at the end (`validate_result(
    d_x, h_reference, "out_after_eve…`); lint and the report now show it whole, or cut in the
    middle past 96 characters (hipify_plus/quoting.py)."""
    code, out, _ = run(["report", str(LONG_HOST_CALL), "--format", "json", "-q", *FIXED], capsys)
    report = json.loads(out)
    (loop,) = report["launch_loops"]
    call = 'validate_result(d_x, h_reference, "out_after_every_step", n, accuracy_threshold)'
    assert f"`{call}`, line 23)" in loop["blockers"][-1] and f"`{call}` (line 23)" in loop["blockers"][1]
    (finding,) = [f for f in report["findings"] if f["rule"] == "HP324"]
    assert "…`" not in finding["message"] and finding["message"].count(call) == 3
    long = "launch(" + ", ".join(f"argument_{i}" for i in range(30)) + ");"
    short = shorten_code(long, 96)
    assert len(short) <= 96 and short.startswith("launch(argument_0, ") and short.endswith(", argument_29);")


def test_a_second_report_reuses_the_kept_tree_and_sees_every_change(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The converted tree and lint's results are kept under the cache folder: a second report of
    an unchanged project converts and lints nothing and says the same; a file removed from the
    project leaves the report (its converted copy is removed from the kept tree); --no-cache
    says what the kept tree says."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    src = tmp_path / "src"
    shutil.copytree(PROJECT, src)
    argv = ["report", str(src), "--format", "json", "-q", *FIXED]
    code, first, _ = run(argv, capsys)
    assert code in (0, 1)
    [kept] = (tmp_path / "cache" / "hipify-plus" / "report").iterdir()
    converted = sorted(p.relative_to(kept / "out").as_posix() for p in (kept / "out").rglob("*") if p.is_file())
    assert converted and all(not name.startswith("..") for name in converted)

    with monkeypatch.context() as patched:

        def refuse(*args: object, **kwargs: object) -> None:
            raise RuntimeError("worked again")

        patched.setattr("hipify_plus.convert._guarded_translate", refuse)
        patched.setattr("hipify_plus.lint.engine.lint", refuse)
        assert run(argv, capsys)[1] == first  # nothing converted or linted again

    removed = next(p for p in sorted(src.rglob("*.cu")))
    removed.unlink()
    _, after, _ = run(argv, capsys)
    paths = {f["path"] for f in json.loads(after)["files"]}
    name = removed.relative_to(src).as_posix()
    assert name not in paths and name in {f["path"] for f in json.loads(first)["files"]}
    left = {p.name for p in (kept / "out").rglob("*") if p.is_file()}
    assert removed.with_suffix(".hip").name not in left and removed.name not in left
    assert run([*argv, "--no-cache"], capsys)[1] == after
