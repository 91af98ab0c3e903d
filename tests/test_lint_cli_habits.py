"""ruff's habits in `hipify-plus lint`: --statistics, --show-fixes, --add-noqa, --exit-zero,
--output-file, standard input with --stdin-filename, SARIF results that carry their fixes, and
results remembered across runs (--no-cache)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from .conftest import CORPUS
from .conftest import run_cli as run

SOURCE = (CORPUS / "lint" / "wavefront" / "HP103_mask_32bit_sync_intrinsic.cu").read_bytes()
FIXED = (CORPUS / "lint" / "wavefront" / "HP103_mask_32bit_sync_intrinsic.fixed.cu").read_bytes()
SELECT = ["--select", "HP1,HP9", "--target-rocm", "6.3"]  # what the corpus test fixes this fixture with


@pytest.fixture
def source(tmp_path: Path) -> Path:
    path = tmp_path / "masks.cu"
    path.write_bytes(SOURCE)
    return path


def _stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))


def test_statistics_count_per_rule_as_the_findings_do(source: Path, capsys) -> None:
    _, listed, _ = run(["lint", str(source), "--output-format", "json"], capsys)
    findings = json.loads(listed)
    code, out, _ = run(["lint", str(source), "--statistics", "--output-format", "json"], capsys)
    rows = json.loads(out)
    assert code == 1
    assert {r["rule"]: r["count"] for r in rows} == {
        rule: sum(1 for f in findings if f["rule"] == rule) for rule in {f["rule"] for f in findings}
    }
    assert [r["count"] for r in rows] == sorted((r["count"] for r in rows), reverse=True)
    hp103 = next(r for r in rows if r["rule"] == "HP103")
    assert hp103["name"] == "mask-32bit-sync-intrinsic" and 0 < hp103["fixable"] <= hp103["count"]
    code, text, _ = run(["lint", str(source), "--statistics"], capsys)
    assert any(
        line.split()[:3] == [str(hp103["count"]), "HP103", "mask-32bit-sync-intrinsic"] for line in text.splitlines()
    )
    code, _, err = run(["lint", str(source), "--statistics", "--output-format", "sarif"], capsys)
    assert code == 2 and "--statistics gives text or json" in err


def test_exit_zero_and_output_file(source: Path, tmp_path: Path, capsys) -> None:
    report = tmp_path / "reports" / "lint.json"
    report.parent.mkdir()
    code, out, _ = run(["lint", str(source), "--output-format", "json", "-o", str(report), "--exit-zero"], capsys)
    assert code == 0 and out == ""
    assert {f["rule"] for f in json.loads(report.read_text())} >= {"HP103"}
    code, _, err = run(["lint", str(source), "-o", str(tmp_path)], capsys)
    assert code == 2 and "is a folder" in err and "Traceback" not in err
    assert source.read_bytes() == SOURCE


def test_show_fixes_lists_what_fix_applies(source: Path, capsys) -> None:
    code, out, err = run(["lint", str(source), *SELECT, "--fix", "--show-fixes"], capsys)
    assert source.read_bytes() == FIXED
    assert "HP103 (mask-32bit-sync-intrinsic)" in err and "masks.cu" in err
    assert code == 1  # the fixture keeps findings without a safe fix


def test_standard_input_is_linted_and_fixed_as_the_named_file(source: Path, monkeypatch, capsys) -> None:
    _stdin(monkeypatch, SOURCE)
    code, out, err = run(["lint", "-", "--stdin-filename", "kernels/masks.cu", "--output-format", "concise"], capsys)
    assert code == 1 and out.startswith("kernels/masks.cu:") and "HP103" in out
    _stdin(monkeypatch, SOURCE)
    code, out, err = run(["lint", "-", "--stdin-filename", "masks.cu", *SELECT, "--fix"], capsys)
    assert out.encode() == FIXED  # the fixed text on standard output, the report on standard error
    assert "masks.cu:" in err
    _stdin(monkeypatch, SOURCE)
    code, _, err = run(["lint", "-", "--stdin-filename", "notes.txt"], capsys)
    assert code == 2 and "not a file kind" in err
    _stdin(monkeypatch, b"\0\1\2binary")
    code, _, err = run(["lint", "-"], capsys)
    assert code == 2 and "binary" in err and "Traceback" not in err


def test_add_noqa_silences_today_and_only_today(source: Path, capsys) -> None:
    code, _, _ = run(["lint", str(source), "--add-noqa"], capsys)
    assert code == 0
    written = source.read_bytes()
    assert written != SOURCE and b"hipify-plus: ignore[" in written
    code, out, _ = run(["lint", str(source), "--output-format", "json"], capsys)
    assert code == 0 and json.loads(out) == []
    # only comments were added: every original line is still there, in order
    kept = iter(written.decode().splitlines())
    for line in SOURCE.decode().splitlines():
        assert any(candidate.startswith(line) or candidate.strip() == line.strip() for candidate in kept), line
    # a new hazard is reported again
    source.write_bytes(written + b"__device__ int more(int v) { return __shfl_sync(0xffffffff, v, 0); }\n")
    code, out, _ = run(["lint", str(source), "--output-format", "json"], capsys)
    assert code == 1 and [f["rule"] for f in json.loads(out)] == ["HP103"]


def _apply_sarif_fixes(data: bytes, results: list[dict]) -> bytes:
    replacements = []
    for result in results:
        for fix in result.get("fixes", []):
            for change in fix["artifactChanges"]:
                for replacement in change["replacements"]:
                    region = replacement["deletedRegion"]
                    start, length = region["byteOffset"], region["byteLength"]
                    replacements.append((start, start + length, replacement["insertedContent"]["text"].encode()))
    out, pos = [], 0
    for start, end, text in sorted(replacements):
        assert start >= pos, "SARIF fixes overlap"
        out += [data[pos:start], text]
        pos = end
    return b"".join(out) + data[pos:]


def test_sarif_fixes_are_the_safe_fixes(source: Path, capsys) -> None:
    code, out, _ = run(["lint", str(source), *SELECT, "--output-format", "sarif"], capsys)
    results = json.loads(out)["runs"][0]["results"]
    with_fix = [r for r in results if r.get("fixes")]
    assert with_fix and len(with_fix) < len(results)  # findings without a safe fix carry none
    assert _apply_sarif_fixes(SOURCE, results) == FIXED
    rules = json.loads(out)["runs"][0]["tool"]["driver"]["rules"]
    assert all(r["help"]["markdown"] and "helpUri" not in r for r in rules)
    assert "pypi" not in out.lower()


def test_sarif_help_uri_where_the_team_hosts_the_docs(source: Path, tmp_path: Path, capsys) -> None:
    config = tmp_path / "pyproject.toml"
    config.write_text('[tool.hipify-plus]\ndocs-url = "https://wiki.example.org/porting/{id}-{name}"\n')
    code, out, _ = run(["lint", str(source), *SELECT, "--config", str(config), "--output-format", "sarif"], capsys)
    rules = json.loads(out)["runs"][0]["tool"]["driver"]["rules"]
    assert code == 1 and rules
    assert {r["helpUri"] for r in rules} == {f"https://wiki.example.org/porting/{r['id']}-{r['name']}" for r in rules}


@pytest.mark.parametrize("value", ['"rules/{id}.html"', '"https://wiki.example.org/rules"', '"https://h/{rule}"', "3"])
def test_docs_url_must_be_an_absolute_uri_with_the_id(value: str, source: Path, tmp_path: Path, capsys) -> None:
    config = tmp_path / "pyproject.toml"
    config.write_text(f"[tool.hipify-plus]\ndocs-url = {value}\n")
    code, out, err = run(["lint", str(source), "--config", str(config), "--output-format", "sarif"], capsys)
    assert code == 2 and out == "" and "docs-url" in err and "Traceback" not in err


def _lint_never_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """From here on a file that is linted gets an internal error: a clean result is a remembered one."""

    def refuse(*args: object, **kwargs: object) -> None:
        raise RuntimeError("linted again")

    monkeypatch.setattr("hipify_plus.lint.engine.lint", refuse)


def test_results_are_remembered_until_the_file_or_a_header_it_reads_changes(
    tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The block size comes from a macro of a project header: the remembered finding stands while
    the header is unchanged, and goes when it changes, when it is removed, and when a header
    of that name appears where the include is looked for next (the parent folder)."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    project = tmp_path / "project"
    project.mkdir()
    header, source = project / "cfg.h", project / "a.cu"
    header.write_text("#pragma once\n#define THREADS 512\n")
    source.write_text(
        '#include "cfg.h"\n__global__ void __launch_bounds__(128) k(float* x) { x[threadIdx.x] = 0; }\n'
        "void run(float* x) { k<<<1, THREADS>>>(x); }\n"
    )
    argv = ["lint", str(source), "--select", "HP202", "--output-format", "json"]
    code, first, _ = run(argv, capsys)
    assert code == 1 and "512 threads per block" in first
    assert list((tmp_path / "cache" / "hipify-plus" / "lint").rglob("*.pickle"))

    with monkeypatch.context() as patched:
        _lint_never_runs(patched)
        assert run(argv, capsys)[:2] == (1, first)  # answered from the cache
        code, _, err = run([*argv, "--no-cache"], capsys)
        assert code == 2 and "linted again" in err  # --no-cache lints
        header.write_text("#pragma once\n#define THREADS 64\n")
        code, _, err = run(argv, capsys)
        assert code == 2 and "linted again" in err  # the header changed: linted again (refused here)

    code, out, _ = run(argv, capsys)
    assert code == 0 and "HP202" not in out
    header.unlink()
    (tmp_path / "cfg.h").write_text("#define THREADS 1024\n")  # found in the parent folder now
    code, out, _ = run(argv, capsys)
    assert code == 1 and "1024 threads per block" in out
    source.write_text(source.read_text().replace("128", "1024"))
    code, out, _ = run(argv, capsys)
    assert code == 0 and "HP202" not in out  # the file itself changed
    for entry in (tmp_path / "cache" / "hipify-plus" / "lint").rglob("*.pickle"):
        entry.write_bytes(b"damaged")
    with monkeypatch.context() as patched:
        _lint_never_runs(patched)
        code, _, err = run(argv, capsys)
        assert code == 2 and "linted again" in err  # a damaged entry is a miss, never an error
