"""HP324's graph-capture rewrite: opt-in and reversible (without HIPIFY_PLUS_USE_GRAPHS the fixed
file is the original loop, byte for byte, once the `#if` blocks are dropped), and both sides of the
switch compile: the HIP lint corpus with Debian's hipcc, the CUDA form the fix writes on CUDA
source with nvcc when it is installed."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from hipify_plus.edits import Applicability
from hipify_plus.lint.engine import lint_and_fix
from hipify_plus.lint.settings import LintSettings
from hipify_plus.rewrite.graphs import MACRO

from .conftest import CORPUS, Hipcc

FIXTURE = CORPUS / "lint" / "libraries" / "HP324_launch_bound_loop.cu"
FIXED = FIXTURE.with_name("HP324_launch_bound_loop.fixed.cu")
CUDA_SIDE = CORPUS / "translate" / "graphs" / "launch_loop_graph.cu"
_SWITCH_BLOCK = re.compile(rb"^#if " + MACRO.encode() + rb"\n.*?^#endif\n", re.MULTILINE | re.DOTALL)


def test_without_the_switch_the_fixed_file_is_the_input() -> None:
    fixed, original = FIXED.read_bytes(), FIXTURE.read_bytes()

    def added(text: bytes) -> int:
        return fixed.count(text) - original.count(text)

    assert added(b"hipStreamBeginCapture(") == 5  # the five capturable loops of the fixture
    assert added(b"#if " + MACRO.encode()) == 3 * 5
    assert _SWITCH_BLOCK.sub(b"", fixed) == original


def test_the_fix_is_unsafe_and_plain_fix_leaves_the_loops() -> None:
    data = FIXTURE.read_bytes()
    settings = LintSettings(select=("HP324",))
    assert lint_and_fix(FIXTURE.name, data, settings, Applicability.SAFE).data == data
    assert lint_and_fix(FIXTURE.name, data, settings, Applicability.UNSAFE).data == FIXED.read_bytes()


def test_the_fix_on_cuda_source_writes_cuda_names() -> None:
    data = b"""#include <cuda_runtime.h>
__global__ void k(float* u) {}
void run(float* u, int steps, cudaStream_t s)
{
    for (int i = 0; i < steps; ++i) {
        k<<<1, 64, 0, s>>>(u);
        k<<<1, 64, 0, s>>>(u);
        k<<<1, 64, 0, s>>>(u);
        k<<<1, 64, 0, s>>>(u);
    }
}
"""
    fixed = lint_and_fix("loop.cu", data, LintSettings(select=("HP324",)), Applicability.UNSAFE).data
    assert b"cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal)" in fixed
    assert b"cudaGraphInstantiate(&hipify_plus_graph_exec_5, hipify_plus_graph_5, nullptr, nullptr, 0)" in fixed
    assert re.search(rb"\bhip[A-Z]", fixed) is None


@pytest.mark.hipcc
@pytest.mark.parametrize("switch", ["0", "1"])
def test_fixed_lint_corpus_compiles_both_ways(switch: str, hipcc: Hipcc) -> None:
    done = hipcc.syntax_check(FIXED, "-std=c++17", f"-D{MACRO}={switch}")
    assert done.returncode == 0, done.stderr[-3000:]


@pytest.mark.parametrize("switch", ["0", "1"])
def test_cuda_form_compiles_with_nvcc(switch: str, tmp_path: Path) -> None:
    nvcc = shutil.which("nvcc")
    if nvcc is None:
        pytest.skip("nvcc is not installed")
    done = subprocess.run(
        [nvcc, "-c", "-o", str(tmp_path / "x.o"), f"-D{MACRO}={switch}", str(CUDA_SIDE)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
