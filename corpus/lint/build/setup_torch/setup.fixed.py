# hipify-plus-test: unsafe-fixes
# A PyTorch CUDA extension: the 'nvcc' lists reach nvcc, so each fix is unsafe (a port).
import os

from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

nvcc_flags = [
    "-O3",
    "-ffast-math",  # expect: HP404
    "-gline-tables-only",  # expect: HP405
    # expect: HP408
]
nvcc_flags += ["--offload-arch=gfx90a"]  # expect: HP403
if os.environ.get("FUSED_DEBUG"):
    nvcc_flags.append("-G")  # expect: HP406
    nvcc_flags.append("-gline-tables-only")  # expect: HP405
cxx_flags = ["-O3", "-G", "-fopenmp"]  # ok: HP406 (host compiler)
docs_note = "build with -G -lineinfo for cuda-gdb"  # ok: HP406, HP405

setup(
    name="fused_ops",
    ext_modules=[
        CUDAExtension(
            "fused_ops._C",
            ["csrc/ops.cpp", "csrc/kernels.cu"],
            extra_compile_args={
                "cxx": cxx_flags,
                "nvcc": nvcc_flags + [],  # expect: HP402, HP401
            },
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
