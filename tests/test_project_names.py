"""Names a project defines are its own only where the definition can be seen through #include:
one sample's shim `typedef int CUdevice;` must not stop the rename in every other sample."""

from __future__ import annotations

from pathlib import Path

from hipify_plus.convert import ConvertSettings, convert
from hipify_plus.include_graph import IncludeGraph
from hipify_plus.translate.engine import TranslateOptions

SHIM = b"typedef int CUdevice;\ntypedef int CUresult;\n#define cudaCheck(x) (x)\n"
DYNLINK_SAMPLE = b'#include "dynlink_cuda.h"\n#include <helper.h>\nCUdevice pick() { CUdevice d = 0; return d; }\n'
HELPER = b"#include <cuda.h>\ninline CUresult probe(CUdevice* d) { return cuDeviceGet(d, 0); }\n"
OTHER_SAMPLE = b"#include <helper.h>\nint main() { CUdevice d; cudaCheck(probe(&d)); return 0; }\n"


def _tree(root: Path) -> None:
    (root / "dynlink").mkdir(parents=True)
    (root / "dynlink" / "dynlink_cuda.h").write_bytes(SHIM)
    (root / "dynlink" / "sample.cpp").write_bytes(DYNLINK_SAMPLE)
    (root / "Common").mkdir()
    (root / "Common" / "helper.h").write_bytes(HELPER)
    (root / "other").mkdir()
    (root / "other" / "main.cpp").write_bytes(OTHER_SAMPLE)


def test_a_shim_definition_is_private_to_the_files_that_include_it(tmp_path: Path) -> None:
    _tree(tmp_path / "src")
    settings = ConvertSettings(TranslateOptions((6, 2, 0)), output=tmp_path / "out", use_cache=False, jobs=1)
    report = convert([tmp_path / "src"], settings)
    out = tmp_path / "out"
    assert b"CUdevice pick()" in (out / "dynlink" / "sample.cpp").read_bytes()  # the shim's own
    other = (out / "other" / "main.cpp").read_bytes()
    assert b"hipDevice_t d;" in other and b"CUdevice" not in other
    # the shared helper is seen by the shim's translation unit too: it keeps the project's name
    assert b"CUdevice" in (out / "Common" / "helper.h").read_bytes()
    # cudaCheck is the project's own macro where its definition is visible, an unknown name elsewhere
    other_findings = [d for d in report.diagnostics if d.path.endswith("main.cpp")]
    assert [d.rule for d in other_findings if d.data.get("identifier") == "cudaCheck"] == ["HP006"]


def test_includes_resolve_beside_the_file_then_under_the_nearest_folder() -> None:
    graph = IncludeGraph(
        {
            "a/main.cu": b'#include "util.h"\n#include <helper.h>\n',
            "a/util.h": b"",
            "a/helper.h": b"",
            "Common/helper.h": b"",
            "b/main.cu": b"#include <helper.h>\n",
        }
    )
    assert graph.includes["a/main.cu"] == {"a/util.h", "a/helper.h"}
    assert graph.includes["b/main.cu"] == {"a/helper.h", "Common/helper.h"}  # ambiguous: both
    visible = graph.visible()
    assert visible["a/util.h"] == {"a/main.cu", "a/util.h", "a/helper.h"}


# Rodinia's mummergpu: a `.cu` file used as a header, included (through a header) by the CUDA
# source and by host files that g++ builds with their own stand-in for CUDA's vector types.
COMMON_CU = b"#ifndef COMMON_CU__\n#define COMMON_CU__ 1\nstruct Node { uint4 data; };\n#endif\n"
MUMMER_H = b'#include <stdlib.h>\n#include "common.cu"\nint count_nodes(const Node* nodes, int n);\n'
GOLD_CPP = (
    b'#include <stdint.h>\n#define uint4 uint32_t\n#include "mummer.h"\n'
    b"int count_nodes(const Node* nodes, int n) {\n"
    b"    int c = 0;\n    for (int i = 0; i < n; i++) c += nodes[i].data != 0;\n    return c;\n}\n"
)
KERNEL_CU = (
    b'#include "mummer.h"\n__global__ void touch(Node* nodes) { nodes[threadIdx.x].data.x = 1; }\n'
    b"void run(Node* d) { touch<<<1, 32>>>(d); }\n"
)


def test_a_cu_file_other_files_include_is_a_header(tmp_path: Path, hipcc) -> None:
    src = tmp_path / "src"
    src.mkdir()
    for name, data in (
        ("common.cu", COMMON_CU),
        ("mummer.h", MUMMER_H),
        ("gold.cpp", GOLD_CPP),
        ("kernel.cu", KERNEL_CU),
    ):
        (src / name).write_bytes(data)
    settings = ConvertSettings(TranslateOptions(hipcc.version), output=tmp_path / "out", use_cache=False, jobs=1)
    convert([src], settings)
    out = tmp_path / "out"
    # no hip_runtime.h in the included .cu: the g++-built file's `#define uint4` would clash with it
    assert b"hip_runtime" not in (out / "common.cu").read_bytes()
    assert b"#include <hip/hip_runtime.h>" in (out / "kernel.cu").read_bytes()
    for unit in ("gold.cpp", "kernel.cu"):
        done = hipcc.syntax_check(out / unit, f"-I{out}")
        assert done.returncode == 0, done.stderr


# ggml's pattern: vendor headers that map CUDA names to HIP's or another vendor's, included
# under the project's own switches; a statement macro before a declaration.
COMMON_CUH = (
    b'#if defined(USE_HIP)\n#include "vendors/hip.h"\n#elif defined(USE_MUSA)\n#include "vendors/musa.h"\n'
    b"#else\n#include <cuda_runtime.h>\n#endif\n"
    b"#define LOCALS int ne = 0; (void)ne;\n"
    b"inline void sync(cudaStream_t s) { LOCALS cudaStream_t t = s; cudaStreamSynchronize(t); }\n"
)
HIP_SHIM = (
    b"#include <hip/hip_runtime.h>\n#define cudaStream_t hipStream_t\n"
    b"#define cudaStreamSynchronize hipStreamSynchronize\n"
    b"#define cudaMalloc tracked_malloc\nhipError_t tracked_malloc(void **p, size_t n);\n"
)
MUSA_SHIM = b"#include <musa_runtime.h>\n#define cudaStream_t musaStream_t\n"


def test_vendor_aliases_do_not_stop_the_rename_elsewhere(tmp_path: Path) -> None:
    src = tmp_path / "src"
    (src / "vendors").mkdir(parents=True)
    (src / "common.cuh").write_bytes(
        COMMON_CUH + b"inline void *grab(size_t n) { void *p; cudaMalloc(&p, n); return p; }\n"
    )
    (src / "vendors" / "hip.h").write_bytes(HIP_SHIM)
    (src / "vendors" / "musa.h").write_bytes(MUSA_SHIM)
    settings = ConvertSettings(TranslateOptions((6, 2, 0)), output=tmp_path / "out", use_cache=False, jobs=1)
    convert([src], settings)
    out = tmp_path / "out"
    common = (out / "common.cuh").read_bytes()
    # the aliases (to HIP's and to MUSA's names) leave the CUDA names to convert; so does the
    # statement macro that makes `cudaStream_t t` read as a variable named cudaStream_t
    assert b"inline void sync(hipStream_t s) { LOCALS hipStream_t t = s; hipStreamSynchronize(t); }" in common
    assert b"cudaMalloc(&p, n)" in common  # the project's own allocator, which the shim declares
    assert (out / "vendors" / "hip.h").read_bytes() == HIP_SHIM  # the shims keep their macros
    assert (out / "vendors" / "musa.h").read_bytes() == MUSA_SHIM
