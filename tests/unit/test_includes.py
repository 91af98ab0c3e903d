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
