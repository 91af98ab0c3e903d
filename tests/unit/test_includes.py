"""Macros a file gets from the project headers it includes (hipify_plus/cuda/includes.py), and
HP103 leaving alone the intrinsics a project's HIP shim defines."""

from __future__ import annotations

from pathlib import Path

from hipify_plus.cuda.includes import header_macros
from hipify_plus.lint.engine import lint
from hipify_plus.lint.settings import LintSettings

SHIM = b"#pragma once\n#define __shfl_xor_sync(mask, var, lane, width) __shfl_xor(var, lane, width)\n"
COMMON = b'#pragma once\n#if defined(USE_HIP)\n#include "vendors/hip.h"\n#endif\n#define WARP_SIZE 32\n'
KERNEL = b"""#include "common.cuh"
__device__ float warp_sum(float v)
{
    for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffff, v, o, 32);
    return v;
}
"""


def _project(root: Path, kernel: bytes = KERNEL) -> Path:
    (root / "vendors").mkdir()
    (root / "vendors" / "hip.h").write_bytes(SHIM)
    (root / "common.cuh").write_bytes(COMMON)
    (root / "k.cu").write_bytes(kernel)
    return root / "k.cu"


def _hp103(path: Path) -> list[int]:
    result = lint(str(path), path.read_bytes(), LintSettings(select=("HP103",)))
    return [d.line for d in result.diagnostics]


def test_headers_are_followed_from_each_including_file(tmp_path: Path) -> None:
    path = _project(tmp_path)
    assert {"__shfl_xor_sync", "WARP_SIZE"} <= header_macros(str(path), ["common.cuh"])


def test_an_intrinsic_the_project_defines_for_hip_is_left_alone(tmp_path: Path) -> None:
    assert _hp103(_project(tmp_path)) == []


def test_an_include_amd_never_compiles_does_not_count(tmp_path: Path) -> None:
    kernel = b"#ifndef __HIP_PLATFORM_AMD__\n" + KERNEL.replace(b'.cuh"\n', b'.cuh"\n#endif\n', 1)
    assert _hp103(_project(tmp_path, kernel)) == [6]


def test_a_missing_header_or_an_include_cycle_is_no_definition(tmp_path: Path) -> None:
    (tmp_path / "a.h").write_bytes(b'#include "b.h"\n')
    (tmp_path / "b.h").write_bytes(b'#include "a.h"\n#include "gone.h"\n')
    (tmp_path / "k.cu").write_bytes(KERNEL.replace(b"common.cuh", b"a.h"))
    assert header_macros(str(tmp_path / "k.cu"), ["a.h"]) == frozenset()
    assert _hp103(tmp_path / "k.cu") == [4]


ARCH_HEADER = b"""#pragma once
#if __CUDA_ARCH__ == 800 || __CUDA_ARCH__ >= 900
#define MAX_1024_THREADS_BLOCKS 2
#else
#define MAX_1024_THREADS_BLOCKS 1
#endif
"""
BOUNDED = b"""#include "arch.h"
__global__ void __launch_bounds__(1024, MAX_1024_THREADS_BLOCKS) classify(float* x) { x[threadIdx.x] = 0.f; }
__global__ void __launch_bounds__(512, MAX_1024_THREADS_BLOCKS * 2) pairs(float* x) { x[threadIdx.x] = 0.f; }
"""


def test_a_header_macro_takes_the_value_an_amd_build_compiles(tmp_path: Path) -> None:
    """llm.c's MAX_1024_THREADS_BLOCKS is 2 for sm_80/sm_90 and 1 elsewhere: 1 on AMD, so
    `__launch_bounds__(1024, MAX_1024_THREADS_BLOCKS)` asks nothing of either GPU."""
    (tmp_path / "arch.h").write_bytes(ARCH_HEADER)
    (tmp_path / "k.cu").write_bytes(BOUNDED)
    result = lint(str(tmp_path / "k.cu"), BOUNDED, LintSettings(select=("HP203",)))
    assert [(d.line, d.rule) for d in result.diagnostics] == [(3, "HP203")]
    assert "HIP passes 2 as `amdgpu_waves_per_eu(2)`" in result.diagnostics[0].message


REDUCE_HEADER = b"""#pragma once
__device__ float warpReduceSum(float v)
{
    for (int o = 16; o > 0; o /= 2) v += __shfl_xor_sync(~0ull, v, o);
    return v;
}
__device__ float warpBroadcastSum(float v)
{
    for (int o = 16; o > 0; o /= 2) v += __shfl_down_sync(~0ull, v, o);
    return __shfl_sync(~0ull, v, 0);
}
"""
GROUPS = b"""#include "reduce.h"
__global__ void sums(const float* in, float* out, int n)
{
    __shared__ float partial[32];
    int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    float v = REDUCE(in[blockIdx.x * blockDim.x + threadIdx.x]);
    if (lane == 0) partial[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = REDUCE(lane < blockDim.x / 32 ? partial[lane] : 0.f);
        if (lane == 0) out[blockIdx.x] = v;
    }
}
void run(const float* in, float* out, int n) { sums<<<n / 256, 256>>>(in, out, n); }
"""


def _wavefront(tmp_path: Path, helper: bytes) -> list[tuple[int, str]]:
    (tmp_path / "reduce.h").write_bytes(REDUCE_HEADER)
    data = GROUPS.replace(b"REDUCE", helper)
    (tmp_path / "k.cu").write_bytes(data)
    result = lint(str(tmp_path / "k.cu"), data, LintSettings(select=("HP102", "HP105", "HP110")))
    return [(d.line, d.rule) for d in result.diagnostics]


def test_groups_of_32_reduced_by_a_header_helper_that_stays_in_them_are_quiet(tmp_path: Path) -> None:
    assert _wavefront(tmp_path, b"warpReduceSum") == []


def test_a_header_helper_that_broadcasts_from_lane_0_sees_the_wavefront(tmp_path: Path) -> None:
    assert _wavefront(tmp_path, b"warpBroadcastSum") == [(5, "HP102"), (5, "HP102"), (10, "HP110")]


def test_a_helper_no_header_defines_may_see_the_wavefront(tmp_path: Path) -> None:
    assert _wavefront(tmp_path, b"warpElsewhere") == [(5, "HP102"), (5, "HP102"), (10, "HP110")]


def test_header_symbol_gives_a_headers_variables_and_macros_as_declared(tmp_path: Path) -> None:
    """What HP327 and the BLAS call checks read from a project header: a file-scope variable's
    type, a macro's values (each definition an AMD build may take, comments left out), and the
    header's <...> includes; locals and function-like macros are not symbols."""
    from hipify_plus.cuda.includes import header_symbol

    (tmp_path / "state.h").write_text(
        "#pragma once\n#include <cublasLt.h>\n"
        "#if defined(USE_FP32)\n#define LOWP CUDA_R_32F\n#else\n#define LOWP CUDA_R_16BF // bf16\n#endif\n"
        "#define CALL(x) x\n"
        "static cublasComputeType_t compute = CUBLAS_COMPUTE_32F, *other;\n"
        "void f() { int local = 0; }\n"
    )
    (tmp_path / "k.cu").write_text('#include "state.h"\n')
    path = str(tmp_path / "k.cu")

    def symbol(name: str):
        return header_symbol(path, ["state.h"], (6, 0, 0), name)

    variable = symbol("compute")
    assert variable is not None and (variable.kind, variable.texts) == ("variable", ("cublasComputeType_t",))
    assert variable.system_includes == ("cublasLt.h",)
    macro = symbol("LOWP")
    assert macro is not None and (macro.kind, macro.texts) == ("macro", ("CUDA_R_16BF", "CUDA_R_32F"))
    assert symbol("CALL") is None and symbol("local") is None and symbol("other") is None
