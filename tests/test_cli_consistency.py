"""The same habits and option names across `convert`, `lint` and `report`: --statistics and
--output-file on convert as on lint, and one spelling of the target options accepted by each
command (--rocm-version / --target-rocm, --offload-arch / --arch)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from .conftest import CORPUS
from .conftest import run_cli as run

INPUT = CORPUS / "translate" / "runtime_gaps" / "callback_macro.cu"
WARP = CORPUS / "translate" / "warp" / "vote_partial_masks_rocm57.cu"


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    source = tmp_path / "src"
    source.mkdir()
    for path in (INPUT, WARP):
        (source / path.name).write_bytes(path.read_bytes())
    return source


def test_convert_statistics_count_what_convert_reports(tree: Path, tmp_path: Path, capsys) -> None:
    common = ["convert", str(tree), "-o", str(tmp_path / "out"), "--no-cache", "--rocm-version", "5.7", "-q"]
    _, listed, _ = run([*common, "--output-format", "json"], capsys)
    findings = json.loads(listed)
    _, out, _ = run([*common, "--statistics", "--output-format", "json"], capsys)
    rows = json.loads(out)
    assert findings and {r["rule"]: r["count"] for r in rows} == {
        rule: sum(1 for f in findings if f["rule"] == rule) for rule in {f["rule"] for f in findings}
    }
    assert all(r["fixable"] == 0 for r in rows)  # convert applied its fixes already


def test_convert_output_file_holds_the_findings_and_stdout_stays_empty(tree: Path, tmp_path: Path, capsys) -> None:
    target = tmp_path / "findings.json"
    code, out, _ = run(
        [
            "convert",
            str(tree),
            "-o",
            str(tmp_path / "out"),
            "--no-cache",
            "--rocm-version",
            "5.7",
            "-q",
            "--output-format",
            "json",
            "--output-file",
            str(target),
            "--exit-zero",
        ],
        capsys,
    )
    assert code == 0 and out == ""
    assert isinstance(json.loads(target.read_text()), list)
    code, _, err = run(
        ["convert", str(tree), "-o", str(tmp_path / "out2"), "--no-cache", "--output-file", str(tmp_path)], capsys
    )
    assert code == 2 and "is a folder" in err and "Traceback" not in err
    assert not (tmp_path / "out2").exists()


def test_target_options_have_one_spelling_everywhere(tree: Path, tmp_path: Path, capsys) -> None:
    source = tree / INPUT.name
    outputs = []
    for rocm, arch in (("--rocm-version", "--offload-arch"), ("--target-rocm", "--arch")):
        run(
            [
                "convert",
                str(source),
                "-o",
                str(tmp_path / f"{rocm}.hip"),
                "--no-cache",
                rocm,
                "5.7",
                arch,
                "gfx942",
                "-q",
                "--exit-zero",
            ],
            capsys,
        )
        outputs.append((tmp_path / f"{rocm}.hip").read_bytes())
    assert outputs[0] == outputs[1]
    lint_outputs = []
    for rocm, arch in (("--rocm-version", "--offload-arch"), ("--target-rocm", "--arch")):
        _, out, _ = run(["lint", str(source), rocm, "6.2", arch, "gfx942", "--output-format", "json"], capsys)
        lint_outputs.append(json.loads(out))
    assert lint_outputs[0] == lint_outputs[1]


@pytest.mark.parametrize("command", ["convert", "lint"])
def test_standard_input_is_read_the_same_way_by_convert_and_lint(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    """`-` with --stdin-filename: the name decides the kind and names the findings; a name of
    no kind and binary input are usage errors with the same words."""
    data = WARP.read_bytes()
    (tmp_path / "k.cu").write_bytes(data)
    writes = ["-o", str(tmp_path / "k.hip"), "--no-cache"] if command == "convert" else []
    _, file_out, _ = run([command, str(tmp_path / "k.cu"), *writes, "--target-rocm", "5.7", "-q"], capsys)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    code, out, err = run([command, "-", "--stdin-filename", "warp/k.cu", "--target-rocm", "5.7", "-q"], capsys)
    findings = err if command == "convert" else out
    assert code == 1 and "warp/k.cu:" in findings and str(tmp_path) not in findings
    assert findings.replace("warp/k.cu", str(tmp_path / "k.cu")) == file_out
    if command == "convert":
        assert out.encode() == (tmp_path / "k.hip").read_bytes()
    for stdin_data, extra, message in (
        (data, ["--stdin-filename", "notes.txt"], f"not a file kind hipify-plus {command}s"),
        (b"\0\1binary", [], f"standard input is a binary file, not {command}ed"),
    ):
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin_data)))
        code, _, err = run([command, "-", *extra], capsys)
        assert code == 2 and message in err and "Traceback" not in err


def test_a_command_is_built_alone_and_anything_else_gets_the_whole_app() -> None:
    """main() hands typer only the command argv names (typer builds every command's options
    before parsing); help, options first, `dev` and unknown names get the whole app."""
    from hipify_plus.cli import _app_for, app

    one = _app_for(["lint", "x.cu"])
    assert [c.callback.__name__ for c in one.registered_commands if c.callback] == ["lint"]
    assert [c.name for c in _app_for(["rules"]).registered_commands] == ["rules"]
    for argv in ([], ["--help"], ["--version"], ["dev", "new-rule"], ["nosuch"]):
        assert _app_for(argv) is app
