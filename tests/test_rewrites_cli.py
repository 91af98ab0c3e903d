"""The rewrites convert applies (rules/convert.toml): listed by `hipify-plus rules`, turned off
one at a time with --no-rewrite, and an unknown name is a usage error that writes nothing."""

from __future__ import annotations

from pathlib import Path

from hipify_plus.pipeline import convert_rules
from hipify_plus.registry import all_rules

from .conftest import run_cli

SPACED = b"#include <cuda_runtime.h>\n__global__ void k() {}\nint main() { k << <1, 1 >> >(); return 0; }\n"


def test_every_rewrite_is_a_rule_with_a_safe_or_reported_outcome() -> None:
    rules = all_rules()
    for rewrite in convert_rules():
        assert rewrite.rule in rules, rewrite.rule
        assert rules[rewrite.rule].name == rewrite.name


def test_rules_marks_the_rewrites(capsys) -> None:
    code, out, _ = run_cli(["rules"], capsys)
    assert code == 0
    marked = {line.split()[0] for line in out.splitlines() if line.split()[3:4] == ["rewrite"]}
    assert marked == {r.rule for r in convert_rules()}


def test_no_rewrite_turns_one_rewrite_off(tmp_path: Path, capsys) -> None:
    source = tmp_path / "k.cu"
    source.write_bytes(SPACED)
    code, _, err = run_cli(
        ["convert", str(source), "-o", str(tmp_path / "on.hip"), "--no-cache", "--rocm-version", "6.2"], capsys
    )
    assert b"k<<<1, 1>>>()" in (tmp_path / "on.hip").read_bytes(), err
    code, _, err = run_cli(
        [
            "convert",
            str(source),
            "-o",
            str(tmp_path / "off.hip"),
            "--no-cache",
            "--rocm-version",
            "6.2",
            "--no-rewrite",
            "spaced-kernel-launch",
        ],
        capsys,
    )
    assert b"k << <1, 1 >> >()" in (tmp_path / "off.hip").read_bytes(), err
    code, _, err = run_cli(
        [
            "convert",
            str(source),
            "-o",
            str(tmp_path / "id.hip"),
            "--no-cache",
            "--rocm-version",
            "6.2",
            "--no-rewrite",
            "HP703",
        ],
        capsys,
    )
    assert b"k << <1, 1 >> >()" in (tmp_path / "id.hip").read_bytes(), err


def test_an_unknown_rewrite_is_a_usage_error_and_writes_nothing(tmp_path: Path, capsys) -> None:
    source = tmp_path / "k.cu"
    source.write_bytes(SPACED)
    code, _, err = run_cli(
        ["convert", str(source), "-o", str(tmp_path / "out.hip"), "--no-rewrite", "no-such-rewrite"], capsys
    )
    assert code == 2
    assert "no such rewrite" in err and "spaced-kernel-launch" in err
    assert not (tmp_path / "out.hip").exists()
