"""`hipify-plus convert` end to end through the real CLI entry point."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import run_cli as run

KERNEL = b"""#include <cuda_runtime.h>
#include "common.cuh"
__global__ void scale(float* x, float a) { x[threadIdx.x] *= a; }
void run(float* x) {
  CUDA_CHECK(cudaMemset(x, 0, 64));
  scale<<<1, 64>>>(x, 2.0f);
  cudaNotARealCall();
}
"""
HEADER = b"""#pragma once
#include <cstdio>
#define CUDA_CHECK(call) do { cudaError_t e = (call); if (e != cudaSuccess) printf("%s\\n", cudaGetErrorString(e)); } while (0)
"""  # noqa: E501 - one macro line, as projects write it


@pytest.fixture
def project(tmp_path: Path) -> Path:
    src = tmp_path / "proj"
    (src / "src").mkdir(parents=True)
    (src / "src" / "kernel.cu").write_bytes(KERNEL)
    (src / "src" / "common.cuh").write_bytes(HEADER)
    (src / "src" / "main.cpp").write_bytes(b'#include "kernel.cu"\nint main() { return 0; }\n')
    (src / "README.md").write_text("notes\n")
    (src / "build").mkdir()
    (src / "build" / "generated.cu").write_bytes(b"cudaMalloc(0, 0);\n")
    (src / ".gitignore").write_text("build/\n")
    return src


def test_convert_folder_mirrors_tree_and_reports(project: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "out"
    code, stdout, stderr = run(["convert", str(project), "-o", str(out), "--output-format", "json"], capsys)
    assert code == 1  # files changed and a finding remains
    kernel = (out / "src" / "kernel.cu").read_bytes()
    assert b"hipMemset(x, 0, 64)" in kernel and b"#include <hip/hip_runtime.h>" in kernel
    assert kernel.count(b"hip/hip_runtime.h") == 1
    assert b"CUDA_CHECK" in kernel  # the project's own macro is kept
    header = (out / "src" / "common.cuh").read_bytes()
    assert b"hipError_t e = (call); if (e != hipSuccess)" in header
    assert (out / "README.md").read_text() == "notes\n"
    assert not (out / "build").exists()  # .gitignore respected
    findings = json.loads(stdout)
    assert [(f["rule"], f["line"], f["path"].endswith("kernel.cu")) for f in findings] == [("HP006", 7, True)]
    assert {"path", "line", "column", "rule", "severity", "message"} <= set(findings[0])
    assert "cached" in stderr


def test_rerun_uses_cache_and_keeps_diagnostics(project: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "out"
    run(["convert", str(project), "-o", str(out)], capsys)
    code, stdout, stderr = run(["convert", str(project), "-o", str(out)], capsys)
    assert "(0 changed, 0 unchanged, 3 cached)" in stderr
    assert "HP006" in stdout and code == 1
    (out / "src" / "kernel.cu").write_text("tampered\n")  # an edited output is rebuilt
    run(["convert", str(project), "-o", str(out)], capsys)
    assert b"hipMemset" in (out / "src" / "kernel.cu").read_bytes()


def test_in_place_keeps_backups_and_is_idempotent(project: Path, capsys) -> None:
    kernel = project / "src" / "kernel.cu"
    code, _, _ = run(["convert", str(project / "src"), "--in-place"], capsys)
    assert code == 1
    assert (project / "src" / "kernel.cu.orig").read_bytes() == KERNEL
    converted = kernel.read_bytes()
    assert b"hipMemset" in converted
    code, _, stderr = run(["convert", str(project / "src"), "--in-place", "--no-cache"], capsys)
    assert kernel.read_bytes() == converted
    assert not (project / "src" / "kernel.cu.orig.1").exists()
    assert "0 changed" in stderr


def test_rename_rewrites_project_includes(project: Path, tmp_path: Path, capsys) -> None:
    out = tmp_path / "out"
    run(["convert", str(project), "-o", str(out), "--rename", "--header-suffix", ".hpp"], capsys)
    assert (out / "src" / "kernel.hip").exists() and (out / "src" / "common.hpp").exists()
    assert b'#include "kernel.hip"' in (out / "src" / "main.cpp").read_bytes()
    assert b'#include "common.hpp"' in (out / "src" / "kernel.hip").read_bytes()


def test_single_file_and_launch_syntax(tmp_path: Path, capsys) -> None:
    src = tmp_path / "k.cu"
    src.write_bytes(
        b"template <int N> __global__ void k(int* p) {}\nvoid f(int* p, cudaStream_t s) { k<4><<<2, 64, 0, s>>>(p); }\n"
    )
    code, _, _ = run(["convert", str(src), "-o", str(tmp_path / "k.hip"), "--hip-launch-syntax"], capsys)
    text = (tmp_path / "k.hip").read_text()
    assert "hipLaunchKernelGGL(HIP_KERNEL_NAME(k<4>), dim3(2), dim3(64), 0, s, p)" in text
    assert "hipStream_t s" in text and code == 1


def test_several_files_land_side_by_side_and_folders_under_their_names(tmp_path: Path, capsys) -> None:
    """`convert a.cu b.h lib/ -o out`: the files go into out/ itself (so `#include "b.h"` still
    finds its header), a folder is mirrored under its own name."""
    (tmp_path / "a.cu").write_text('#include "b.h"\nint main() { cudaDeviceSynchronize(); }\n')
    (tmp_path / "b.h").write_text("#include <cuda_runtime.h>\n")
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "k.cu").write_text("__global__ void k() {}\n")
    out = tmp_path / "out"
    code, _, err = run(
        ["convert", str(tmp_path / "a.cu"), str(tmp_path / "b.h"), str(tmp_path / "lib"), "-o", str(out)], capsys
    )
    assert code in (0, 1), err
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file() and p.suffix != ".json")
    assert written == ["a.cu", "b.h", "lib/k.cu"]
    assert "hipDeviceSynchronize" in (out / "a.cu").read_text()
    assert "hip/hip_runtime.h" in (out / "b.h").read_text()


def test_output_inside_input_is_not_walked(project: Path, capsys) -> None:
    code, _, _ = run(["convert", str(project), "-o", str(project / "hip")], capsys)
    assert (project / "hip" / "src" / "kernel.cu").exists()
    assert not (project / "hip" / "hip").exists()
    code, _, stderr = run(["convert", str(project), "-o", str(project / "hip")], capsys)
    assert "3 cached" in stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["convert", "/nonexistent/x.cu", "-o", "/tmp/x"], "no such file or directory"),
        (["convert", "{src}"], "give an output"),
        (["convert", "{src}", "-o", "{src}"], "the output is the input"),
        (["convert", "{src}", "--rocm-version", "banana", "-o", "{out}"], "not a version"),
        (
            ["convert", "{src}", "-o", "{out}", "--engine", "hipify-perl", "--hipify-perl", "/nonexistent/hipify-perl"],
            "hipify-perl not found",
        ),
    ],
)
def test_usage_errors_exit_2_without_traceback(args, message, project: Path, tmp_path: Path, capsys) -> None:
    args = [a.format(src=project, out=tmp_path / "out") for a in args]
    code, _, stderr = run(args, capsys)
    assert code == 2
    assert message in stderr and "Traceback" not in stderr
    assert not (tmp_path / "out").exists()


def test_hipify_perl_engine_missing_on_path(project: Path, tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    code, _, stderr = run(["convert", str(project), "-o", str(tmp_path / "out"), "--engine", "hipify-perl"], capsys)
    assert code == 2 and "hipify-perl is not on PATH" in stderr


def test_binary_and_unreadable_files_do_not_stop_the_run(project: Path, tmp_path: Path, capsys) -> None:
    (project / "src" / "blob.cu").write_bytes(b"\x00\x01\x02cudaMalloc\xff")
    code, _, stderr = run(["convert", str(project), "-o", str(tmp_path / "out")], capsys)
    assert "blob.cu: binary file: copied as it is" in stderr
    assert (tmp_path / "out" / "src" / "blob.cu").read_bytes() == b"\x00\x01\x02cudaMalloc\xff"
    assert (tmp_path / "out" / "src" / "kernel.cu").exists()


def test_rules_and_rule_commands(capsys) -> None:
    code, out, _ = run(["rules"], capsys)
    assert code == 0 and "HP001" in out and "unsupported-cuda-api" in out
    code, out, _ = run(["rule", "HP008"], capsys)
    assert code == 0 and "older-rocm-fallback" in out and "## Why it matters on AMD" in out
    code, _, err = run(["rule", "HP999"], capsys)
    assert code == 2 and "unknown rule" in err


def test_python_dash_m_entry_point(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "hipify_plus", "--version"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)},
    )
    assert done.returncode == 0 and done.stdout.startswith("hipify-plus ")


STDIN_SOURCE = b"""#include <cuda_runtime.h>
#include <cublas_v2.h>
__global__ void k(int* p) { p[0] = __shfl_xor_sync(0xffffffff, p[0], 1); }
void f(cublasHandle_t h, const void* a, void* c, const float* al) {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, al, a, CUDA_R_32F, 4, a, CUDA_R_32F, 4, al, c, CUDA_R_32F, 4,
               CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  cudaNotARealCall();
}
"""


def _stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))


@pytest.mark.parametrize(("name", "release"), [("src/k.cu", "5.7"), ("src/k.cu", "7.0"), ("include/k.cuh", "6.2")])
def test_standard_input_converts_as_the_named_file(
    name: str, release: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / name).parent.mkdir(parents=True)
    (tmp_path / name).write_bytes(STDIN_SOURCE)
    common = ["--rocm-version", release, "-q"]
    file_code, file_findings, _ = run(["convert", name, "-o", "out/k", "--no-cache", *common], capsys)
    expected = (tmp_path / "out" / "k").read_bytes()
    assert expected != STDIN_SOURCE and file_findings
    _stdin(monkeypatch, STDIN_SOURCE)
    code, out, err = run(["convert", "-", "--stdin-filename", name, *common], capsys)
    assert (code, out.encode(), err) == (file_code, expected, file_findings)  # text on stdout, findings on stderr
    assert code == 1 and f"{name}:7:3: HP006" in err
    # standard input wrote nothing: no cache, no output, beside what the file conversion wrote
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["out", name.split("/")[0]])
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["k"]


def test_standard_input_summary_json_and_exit_codes(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    _stdin(monkeypatch, STDIN_SOURCE)
    code, out, err = run(["convert", "-", "--rocm-version", "7.0"], capsys)  # no --stdin-filename: a .cu named `-`
    assert code == 1 and "hipblasGemmEx(h" in out and "__shfl_xor_sync(~0ull" in out
    assert "-:7:3: HP006" in err and "standard input converted as - for ROCm 7.0 (changed)" in err
    _stdin(monkeypatch, STDIN_SOURCE)
    code, out, err = run(["convert", "-", "--rocm-version", "6.2", "-q", "--output-format", "json"], capsys)
    assert code == 1 and "hipblasGemmEx_v2(h" in out
    assert [f["rule"] for f in json.loads(err)] == ["HP008", "HP006"]  # __shfl_xor_sync needs 7.0
    _stdin(monkeypatch, b"int plain(int x) { return x; }\n")
    code, out, err = run(["convert", "-", "--stdin-filename", "plain.h", "--rocm-version", "6.2"], capsys)
    assert (code, out) == (0, "int plain(int x) { return x; }\n") and "(unchanged); no findings" in err


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["-o", "out.hip"], "-o/--output cannot be used with standard input"),
        (["--in-place"], "--in-place cannot be used with standard input"),
        (["--check"], "--check cannot be used with standard input"),
        (["-j", "2"], "-j/--jobs cannot be used with standard input"),
        (["--rename"], "--rename cannot be used with standard input"),
        (["--engine", "hipify-perl"], "--engine hipify-perl reads files"),
        (["--stdin-filename", "notes.txt"], "not a file kind hipify-plus converts"),
        (["--stdin-filename", "Makefile"], "not a file kind hipify-plus converts"),
        (["also.cu"], "cannot be converted together with other paths"),
    ],
)
def test_standard_input_refuses_what_needs_files(
    extra: list[str], message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    monkeypatch.chdir(tmp_path)
    _stdin(monkeypatch, STDIN_SOURCE)
    code, out, err = run(["convert", "-", *extra], capsys)
    assert code == 2 and message in err and out == "" and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_standard_input_binary_and_nothing_to_convert(monkeypatch: pytest.MonkeyPatch, capsys) -> None:
    _stdin(monkeypatch, b"\0\1\2binary")
    code, out, err = run(["convert", "-", "--stdin-filename", "k.cu"], capsys)
    assert code == 2 and "binary" in err and out == ""
    code, _, err = run(["convert"], capsys)
    assert code == 2 and "nothing to convert" in err
