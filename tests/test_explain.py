"""`hipify-plus explain NAME`: the mapping data, the release checks and the rules, for one name."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from hipify_plus.commands.explain import UnknownName, describe, rule_text
from hipify_plus.mappings import newest_rocm
from hipify_plus.registry import get_rule
from hipify_plus.versions import Version, format_version, parse_version

from .conftest import run_cli


def test_cuda_name_gives_both_sides_releases_and_what_convert_writes() -> None:
    text = describe("cublasCgemm", (6, 3, 0))
    assert "HIP  hipblasCgemm  (hipBLAS)" in text
    assert "ROC  rocblas_cgemm  (rocBLAS, with --roc)" in text
    assert "changed in 7.0" in text and "before ROCm 7.0: `hipblasCgemm_v2` (from ROCm 6.0)" in text
    assert "writes `hipblasCgemm_v2` for ROCm 6.3 with HP008" in text
    assert "writes `hipblasCgemm`" in _convert_line(describe("cublasCgemm", (7, 0, 0)))
    assert "writes `rocblas_cgemm`" in describe("cublasCgemm", (6, 3, 0), roc=True)


def test_release_read_in_headers_is_shown_and_used() -> None:
    text = describe("CU_JIT_MAX_REGISTERS", (5, 2, 0))
    assert "added in ROCm 5.2" in text and "release read in real headers" in text
    assert "convert --rocm-version 5.2: writes `hipJitOptionMaxRegisters`\n" in text  # the table says 6.4
    assert "HIPRTC_JIT_MAX_REGISTERS` (from" not in text  # a fallback newer than the name is no fallback
    undeclared = describe("cudaGraphNodeTypeConditional")
    assert "HP001" in undeclared and "no HIP/ROCm header declares" in undeclared


def test_semantic_notes_come_from_the_rules_that_mention_the_name() -> None:
    masks = describe("__shfl_xor_sync", (6, 3, 0))
    assert "HP103 mask-32bit-sync-intrinsic" in masks and "without the lane mask" in masks
    miopen = describe("cudnnConvolutionForward")
    assert "HP310 miopen-call-cudnn-argument-order" in miopen and "HP301" in miopen
    bounds = describe("__launch_bounds__")
    assert "no mapping table has it" in bounds and "HP201 missing-launch-bounds" in bounds


def test_call_argument_and_call_enum_notes() -> None:
    assert "hipGetProcAddress takes a hipVersion" in describe("cudaGetDriverEntryPoint", (6, 3, 0))
    assert "HIPSOLVER_OP_N" in describe("CUBLAS_OP_N")


def test_unported_library_names_their_counterpart() -> None:
    text = describe("nvmlDeviceGetCount")
    assert "ROCm counterpart: AMD SMI" in text and "HP001" in text and "amdsmi_get_processor_handles" in text


def test_hip_name_header_and_rule() -> None:
    assert describe("hipblasCgemm").startswith("hipblasCgemm is the HIP/ROC name of `cublasCgemm`")
    header = describe("cuda_bf16.h", (5, 7, 0))
    assert "<hip/hip_bf16.h>" in header and "writes <hip/hip_bfloat16.h>" in header
    assert describe("HP106") == describe("warp-size-as-constant") == rule_text(get_rule("HP106"))


def test_unknown_names_raise() -> None:
    with pytest.raises(UnknownName, match="HP006"):
        describe("cudaNoSuchThing")
    with pytest.raises(UnknownName, match="not a CUDA name"):
        describe("plainWords")


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["explain", "cudaMalloc", "--rocm-version", "5.7"], capsys)
    assert code == 0 and "HIP  hipMalloc" in out and "convert --rocm-version 5.7: writes `hipMalloc`" in out
    code, out, _ = run_cli(["explain", "HP103"], capsys)
    assert code == 0 and out.startswith("# HP103 mask-32bit-sync-intrinsic")
    code, _, err = run_cli(["explain", "cudaNoSuchThing"], capsys)
    assert code == 2 and "HP006" in err
    code, _, err = run_cli(["explain", "cudaMalloc", "--rocm-version", "x"], capsys)
    assert code == 2 and "not a version" in err


def _convert_line(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("convert --rocm-version"))


def _explained(name: str, version: Version | None) -> str:
    """The name explain says convert writes (the first `writes `X``)."""
    found = re.search(r"writes `([^`]+)`", _convert_line(describe(name, version)))
    assert found is not None, describe(name, version)
    return found.group(1)


def _converted(source: str, version: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> str:
    cu, out = tmp_path / f"k_{version}.cu", tmp_path / f"k_{version}.hip"
    cu.write_text(source, encoding="utf-8")
    code, _, err = run_cli(["convert", str(cu), "-o", str(out), "--rocm-version", version, "-q", "--no-cache"], capsys)
    assert code in (0, 1), err
    return out.read_text(encoding="utf-8")


_GEMM = """#include <cublas_v2.h>
void f(cublasHandle_t h, const void* a, const void* b, void* c, const float* al, const float* be) {
  cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, al, a, CUDA_R_32F, 4, b, CUDA_R_32F, 4, be, c, CUDA_R_32F, 4,
               CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
  cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 4, 4, 4, al, (const float*)a, 4, (const float*)b, 4, be, (float*)c, 4);
  cudaDataType t = CUDA_R_16F;
  cublasComputeType_t ct = CUBLAS_COMPUTE_64F;
  (void)t;
  (void)ct;
}
"""
_DEVICE = """#include <cuda.h>
__global__ void k(int* p) { p[0] = __shfl_xor_sync(0xffffffff, p[0], 1); }
void g() { CUlinkState s; cuLinkCreate(0, nullptr, nullptr, &s); }
"""
_NEWEST = format_version(newest_rocm())


@pytest.mark.parametrize(
    ("source", "names", "releases"),
    [
        (_GEMM, ("cublasGemmEx", "cublasSgemm", "CUBLAS_COMPUTE_32F", "cudaDataType"), ("6.2", "7.0")),
        (_GEMM, ("cublasGemmEx", "CUBLAS_COMPUTE_32F", "cublasComputeType_t", "cudaDataType"), ("5.7", _NEWEST)),
        (_DEVICE, ("__shfl_xor_sync", "cuLinkCreate", "CUlinkState"), ("6.4", "7.0")),
        (_DEVICE, ("__shfl_xor_sync", "cuLinkCreate"), ("5.7", "6.4")),
    ],
)
def test_explain_says_what_convert_really_writes(
    source: str, names: tuple[str, ...], releases: tuple[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = {}
    for release in releases:
        output = _converted(source, release, tmp_path, capsys)
        for name in names:
            written = _explained(name, parse_version(release))
            answers[name, release] = written
            assert re.search(rf"(?<!\w){re.escape(written)}(?!\w)", output), (name, release, written, output)
            if written != name:
                assert not re.search(rf"(?<!\w){re.escape(name)}(?!\w)", output), (name, release, output)
    # the pairs of releases are chosen so that each spells some of the names differently
    assert any(answers[n, releases[0]] != answers[n, releases[1]] for n in names)


def test_gemm_ex_spelling_per_release_and_in_calls() -> None:
    assert _explained("cublasGemmEx", (6, 2, 0)) == "hipblasGemmEx_v2"
    seven = describe("cublasGemmEx", (7, 0, 0))
    assert "writes `hipblasGemmEx` (convert's HP318 respells the translator's `hipblasGemmEx_v2`" in seven
    assert "hipBLAS 3.x" in seven
    by_release = next(line for line in seven.splitlines() if line.startswith("convert by release:"))
    assert by_release == (
        "convert by release: before ROCm 6.0 `hipblasGemmEx`; from 6.0 `hipblasGemmEx_v2`; from 7.0 `hipblasGemmEx`"
    )
    assert _explained("cublasGemmEx", None) == "hipblasGemmEx"  # the default target, the newest release
    assert "HP318 writes `HIPBLAS_R_16B`" in describe("CUDA_R_16BF", (5, 7, 0))
    assert "HP318" not in _convert_line(describe("CUDA_R_16BF", (6, 2, 0)))
    assert "convert by release" not in describe("cublasSgemm", (7, 0, 0))


def test_gemm_ex_type_inside_the_call_as_convert_writes_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    output = _converted(_GEMM, "5.7", tmp_path, capsys)
    inside = re.search(r"HP318 writes `([^`]+)`", describe("CUDA_R_32F", (5, 7, 0)))
    assert inside is not None and inside.group(1) == "HIPBLAS_R_32F"
    assert "a, HIPBLAS_R_32F, 4" in output and "hipDataType t = HIP_R_16F" in output
    assert _explained("CUDA_R_16F", (5, 7, 0)) == "HIP_R_16F"
