from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="fused_gelu",
    ext_modules=[
        CUDAExtension(
            name="fused_gelu",
            sources=["fused_gelu.cpp", "fused_gelu_kernel.cu"],
            extra_compile_args={
                "cxx": ["-O3"],
                "nvcc": ["-O3", "--use_fast_math", "-gencode=arch=compute_80,code=sm_80", "-maxrregcount=96"],
            },
        )
    ],
    cmdclass={"build_ext": BuildExtension},
)
