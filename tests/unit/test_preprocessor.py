"""The one model of "is this code compiled for AMD?" (hipify_plus/cuda/preprocessor.py), as tables:
what a condition reads as in each pass of a hip-clang build, and whether a branch is compiled at
all. Macro facts were measured with hipcc 5.2 and 5.7 (`-dM -E` with --cuda-host-only and
--cuda-device-only, `#error` in a two-pass compile)."""

from __future__ import annotations

import pytest

from hipify_plus.cuda.preprocessor import AmdBuild, excluded, file_macros, inactive_on_amd, mentions_amd
from hipify_plus.parse import Node, nodes_of_types, parse

ROCM_63 = (6, 3, 0)


def _marker(source: str) -> tuple[Node, AmdBuild]:
    """The `marker()` call in `source` and the AMD build (ROCm 6.3) the file is read with."""
    tree = parse(source.encode())
    calls = [n for n in nodes_of_types(tree, frozenset({"call_expression"})) if n.text.startswith(b"marker")]
    assert len(calls) == 1, source
    return calls[0], AmdBuild(ROCM_63, file_macros=file_macros(tree.root_node))


def _in_branch(directive: str, *, in_else: bool = False) -> str:
    body = "#else\n    marker();\n" if in_else else "    marker();\n#else\n    other();\n"
    return f"void f()\n{{\n{directive}\n{body}#endif\n}}\n"


COMPILED = [
    # (directive, is the code right under it compiled by some pass of an AMD build?)
    pytest.param("#ifdef __CUDA_ARCH__", False, id="cuda-arch-is-nvidia-only"),
    pytest.param("#if defined(__CUDA_ARCH__)", False, id="defined-cuda-arch"),
    pytest.param("#if __CUDA_ARCH__ >= 800", False, id="cuda-arch-reads-as-zero"),
    pytest.param("#ifndef __CUDA_ARCH__", True, id="not-cuda-arch-is-every-amd-pass"),
    pytest.param("#ifdef __NVCC__", False, id="nvcc"),
    pytest.param("#if defined(__HIP_PLATFORM_NVIDIA__)", False, id="hip-on-nvidia"),
    pytest.param("#if CUDART_VERSION >= 11000", False, id="cuda-version-reads-as-zero"),
    pytest.param("#if __CUDACC_VER_MAJOR__ < 11", True, id="old-cuda-side-is-amd"),
    pytest.param("#ifndef __HIP_PLATFORM_AMD__", False, id="cuda-side-of-platform-switch"),
    pytest.param("#if !defined(__HIP_PLATFORM_AMD__)", False, id="not-defined-amd-platform"),
    pytest.param("#if defined(__HIP_PLATFORM_AMD__)", True, id="amd-side-of-platform-switch"),
    pytest.param("#ifdef __HIPCC__", True, id="hipcc"),
    pytest.param("#if 0", False, id="if-0"),
    pytest.param("#if 1", True, id="if-1"),
    pytest.param("#ifdef __AMDGCN__", True, id="amdgcn"),
    pytest.param("#ifndef __AMDGCN__", False, id="amdgcn-is-defined-in-the-host-pass-too"),
    pytest.param("#ifndef __AMDGPU__", False, id="amdgpu-is-defined-in-the-host-pass-too"),
    pytest.param("#ifdef __HIP_DEVICE_COMPILE__", True, id="device-pass"),
    pytest.param("#ifndef __HIP_DEVICE_COMPILE__", True, id="host-pass"),
    pytest.param("#if defined(__gfx90a__)", True, id="a-target-of-the-device-pass"),
    pytest.param(
        "#if defined(__gfx1030__) && !defined(__HIP_DEVICE_COMPILE__)", False, id="target-macros-are-device-pass-only"
    ),
    pytest.param("#ifndef __AMDGCN_WAVEFRONT_SIZE", False, id="wavefront-size-macro-in-both-passes"),
    pytest.param("#if __AMDGCN_WAVEFRONT_SIZE == 64", True, id="wavefront-size-64-in-the-host-pass"),
    pytest.param("#if __AMDGCN_WAVEFRONT_SIZE == 32", True, id="wavefront-size-32-on-a-wave32-target"),
    pytest.param("#ifndef __HIP_ARCH_HAS_WARP_SHUFFLE__", False, id="feature-macros-in-both-passes"),
    pytest.param("#if __HIP_ARCH_HAS_WARP_SHUFFLE__", True, id="feature-macro-true-in-the-device-pass"),
    pytest.param("#ifdef __HCC__", False, id="hcc-is-not-hip-clang"),
    pytest.param("#ifdef USE_ROCM", True, id="port-flag"),
    pytest.param("#ifndef GGML_USE_HIP", False, id="not-the-port-flag"),
    pytest.param("#if !defined(GGML_USE_HIP) && __CUDA_ARCH__ >= 800", False, id="nvidia-only-conjunction"),
    pytest.param("#if defined(GGML_USE_HIP) || __CUDA_ARCH__ >= 800", True, id="amd-disjunction"),
    pytest.param("#ifdef HIP_ENABLE_WARP_SYNC_BUILTINS", True, id="a-hip-option-is-not-a-platform"),
    pytest.param("#ifdef SOME_PROJECT_OPTION", True, id="unknown-macro"),
    pytest.param("#if HIP_VERSION >= 60200000", True, id="hip-version-met"),
    pytest.param("#if HIP_VERSION_MAJOR >= 7", False, id="hip-version-not-met"),
    pytest.param("#if ROCM_VERSION < 60000", False, id="rocm-version-not-met"),
    pytest.param("#if (1 << 3) == 8 && HIP_VERSION_MINOR * 2 == 6", True, id="arithmetic"),
]


@pytest.mark.parametrize(("directive", "compiled"), COMPILED)
def test_branch_is_compiled_on_amd(directive: str, compiled: bool) -> None:
    node, build = _marker(_in_branch(directive))
    assert inactive_on_amd(node, build) is not compiled


ELSE_COMPILED = [
    pytest.param("#ifdef __CUDA_ARCH__", True, id="host-fallback-of-cuda-arch-is-what-amd-compiles"),
    pytest.param("#if __CUDA_ARCH__ >= 800", True, id="below-the-arch-threshold"),
    pytest.param("#ifdef __HIP_PLATFORM_AMD__", False, id="cuda-side-of-platform-switch"),
    pytest.param("#if defined(__HIP_DEVICE_COMPILE__)", True, id="host-side-of-the-pass-test"),
    pytest.param("#ifdef __AMDGCN__", False, id="not-amdgcn-is-no-amd-pass"),
    pytest.param("#if 0", True, id="else-of-if-0"),
]


@pytest.mark.parametrize(("directive", "compiled"), ELSE_COMPILED)
def test_else_branch_is_compiled_on_amd(directive: str, compiled: bool) -> None:
    node, build = _marker(_in_branch(directive, in_else=True))
    assert inactive_on_amd(node, build) is not compiled


PASSES = [
    # (directive, compiled in the host pass, compiled in the device pass)
    pytest.param("#ifdef __HIP_DEVICE_COMPILE__", False, True, id="device-compile"),
    pytest.param("#ifdef __AMDGCN__", True, True, id="amdgcn-both"),
    pytest.param("#ifdef __gfx90a__", False, True, id="target-macro"),
    pytest.param("#if __AMDGCN_WAVEFRONT_SIZE == 32", False, True, id="host-reads-64"),
    pytest.param("#if __HIP_ARCH_HAS_WARP_BALLOT__", False, True, id="host-reads-feature-as-0"),
    pytest.param("#ifdef __HIP_ARCH_HAS_WARP_BALLOT__", True, True, id="feature-defined-in-host"),
]


@pytest.mark.parametrize(("directive", "host", "device"), PASSES)
def test_branch_per_pass(directive: str, host: bool, device: bool) -> None:
    """`excluded` in one pass; a value the target decides counts as maybe compiled."""
    node, build = _marker(_in_branch(directive))
    assert excluded(node, build.in_pass(False)) is not host
    assert excluded(node, build.in_pass(True)) is not device


def test_macros_the_file_defines_are_unknown() -> None:
    source = "#define __HIP_PLATFORM_AMD__ 0\n" + _in_branch("#if __HIP_PLATFORM_AMD__")
    node, build = _marker(source)
    assert "__HIP_PLATFORM_AMD__" in build.file_macros
    assert not inactive_on_amd(node, build)


def test_nested_branches_all_count() -> None:
    source = "void f()\n{\n#ifdef __HIP_PLATFORM_AMD__\n#if CUDA_VERSION >= 12000\n    marker();\n#endif\n#endif\n}\n"
    node, build = _marker(source)
    assert inactive_on_amd(node, build)


def test_the_condition_itself_is_not_inside_its_branch() -> None:
    """A guard rule reports the test itself: the `#ifdef` line is compiled wherever its parent is."""
    tree = parse(b"#ifdef __CUDA_ARCH__\nint x;\n#endif\n")
    name = next(n for n in nodes_of_types(tree, frozenset({"identifier"})) if n.text == b"__CUDA_ARCH__")
    assert not inactive_on_amd(name, AmdBuild(ROCM_63))


MENTIONS = [
    pytest.param("#if defined(__HIP_PLATFORM_AMD__)", True, id="platform"),
    pytest.param("#ifdef GGML_USE_HIP", True, id="port-flag"),
    pytest.param("#if __AMDGCN_WAVEFRONT_SIZE == 64", True, id="wavefront-size"),
    pytest.param("#ifdef __gfx942__", True, id="target"),
    pytest.param("#ifdef __HCC__", True, id="hcc"),
    pytest.param("#if __CUDA_ARCH__ >= 800", False, id="nvidia-only"),
    pytest.param("#ifdef SOME_PROJECT_OPTION", False, id="unknown"),
]


@pytest.mark.parametrize(("directive", "mentions"), MENTIONS)
def test_condition_mentions_amd(directive: str, mentions: bool) -> None:
    tree = parse(f"{directive}\nint x;\n#endif\n".encode())
    branch = tree.root_node.named_children[0]
    condition = branch.child_by_field_name("condition") or branch.child_by_field_name("name")
    assert condition is not None
    assert mentions_amd(condition) is mentions
