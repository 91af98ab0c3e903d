# One setup.py for CUDA and ROCm: PyTorch hands the 'nvcc' list to hipcc on ROCm. The ROCm branch
# gets safe fixes; the CUDA branch is left alone; lists shared by both get unsafe fixes.
import torch
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

IS_ROCM = torch.version.hip is not None
common = ["-O3", "-DWITH_GPU", "-Xcompiler=-fno-gnu-unique"]  # expect: HP408
if IS_ROCM:
    gpu_flags = common + ["--offload-arch=gfx90a", "-gline-tables-only", "-Rpass-analysis=kernel-resource-usage"]  # expect: HP405, HP402
else:
    gpu_flags = common + ["-arch=sm_80", "-lineinfo", "-Xptxas", "-v"]  # ok: HP403, HP405, HP402
nvcc_debug = (
    ["-G", "-lineinfo"]  # ok: HP406, HP405 (the CUDA branch)
    if torch.version.hip is None
    else ["-g", "-O0"]  # expect: HP406
)

setup(
    name="attention_ops",
    ext_modules=[
        CUDAExtension(
            "attention_ops._C",
            ["csrc/attention.cpp", "csrc/attention_kernels.cu"],
            extra_compile_args=dict(cxx=["-O3", "-G"], nvcc=gpu_flags + nvcc_debug + ['--gpu-max-threads-per-block=128']),  # expect: HP411
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
