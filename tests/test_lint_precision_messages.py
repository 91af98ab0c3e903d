"""Messages of findings judged wrong in bench/lint_precision.md's sample: what they say now."""

from __future__ import annotations

from hipify_plus.lint.engine import lint
from hipify_plus.lint.settings import LintSettings

CMAKE = b"""cmake_minimum_required(VERSION 3.21)
project(p LANGUAGES CXX CUDA)
add_executable(p main.cu)
target_link_libraries(p PRIVATE CUDA::cudart CUDA::cublas_static CUDA::nppif CUDA::cupti)
"""


def _messages(rule: str, path: str, data: bytes) -> dict[str, str]:
    result = lint(path, data, LintSettings(select=(rule,)))
    return {data[d.start : d.end].decode(): d.message for d in result.diagnostics if d.rule == rule}


def test_cuda_toolkit_targets_name_the_rocm_target_or_say_there_is_none() -> None:
    messages = _messages("HP413", "CMakeLists.txt", CMAKE)
    assert "`hip::host`" in messages["CUDA::cudart"]
    assert "`roc::hipblas`" in messages["CUDA::cublas_static"]
    assert "NPP has no ROCm counterpart" in messages["CUDA::nppif"]
    assert "on ROCm link" not in messages["CUDA::nppif"]
    assert "if the library has one" in messages["CUDA::cupti"]


def test_nvtx_resource_naming_is_deleted_not_mapped_to_ranges() -> None:
    source = b"""#include <nvtx3/nvToolsExt.h>
void name_them(cudaEvent_t e)
{
    nvtxNameCudaEventA(e, "sync");
    nvtxRangePop();
}
"""
    messages = _messages("HP516", "names.cu", source)
    naming = next(m for text, m in messages.items() if text.startswith("nvtxNameCudaEventA"))
    assert "delete it" in naming and "use roctx" not in naming
    assert "on AMD use roctx" in next(m for text, m in messages.items() if text.startswith("nvtxRangePop"))
