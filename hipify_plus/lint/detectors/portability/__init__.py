"""HP5xx: CUDA features that AMD lacks or implements differently: inline PTX, `__CUDA_ARCH__`
guards, missing intrinsics, bf16/fp8 types, WMMA, async copies, cooperative-groups extras,
clusters, dynamic parallelism, MI300 textures, clocks, and NVTX/NCCL/CUB/Thrust. Runs on CUDA
sources and on already-ported HIP sources alike; code in preprocessor branches that an AMD build
never compiles (`#ifndef __HIP_PLATFORM_AMD__`, `#if __CUDA_ARCH__ >= 800`, ...) is left alone
(`_amd_branches.py`).

One module per rule, named after its TOML (`hp501_inline_ptx.py` for
rules/portability/HP501-inline-ptx.toml). The `_`-prefixed modules hold what several rules
share; their names keep a leading underscore because they are for this family's rules only."""
