"""`hipify-plus explain NAME`: the mapping data, the release checks and the rules, for one name."""

from __future__ import annotations

import pytest

from hipify_plus.commands.explain import UnknownName, describe, rule_text
from hipify_plus.registry import get_rule

from .conftest import run_cli


def test_cuda_name_gives_both_sides_releases_and_what_convert_writes() -> None:
    text = describe("cublasCgemm", (6, 3, 0))
    assert "HIP  hipblasCgemm  (hipBLAS)" in text
    assert "ROC  rocblas_cgemm  (rocBLAS, with --roc)" in text
    assert "changed in 7.0" in text and "before ROCm 7.0: `hipblasCgemm_v2` (from ROCm 6.0)" in text
    assert "writes `hipblasCgemm_v2` for ROCm 6.3 with HP008" in text
    assert "writes `hipblasCgemm`" in describe("cublasCgemm", (7, 0, 0)).splitlines()[-1]
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
