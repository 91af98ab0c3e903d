// Warp code written per platform and per CUDA release: only what an AMD build compiles is
// reported (hip-clang defines neither __CUDA_ARCH__ nor CUDA's version macros).
#include <hip/hip_runtime.h>

__device__ float sum_halves(float v)
{
#ifdef __CUDA_ARCH__
    v += __shfl_xor_sync(0xffffffff, v, 16);  // ok: HP103 (the NVIDIA device pass only)
#endif
#if CUDART_VERSION >= 9000
    v += __shfl_xor_sync(0xffffffff, v, 8);  // ok: HP103 (AMD reads CUDART_VERSION as 0)
#else
    v += __shfl_xor_sync(~0ull, v, 8);  // expect: HP103
#endif
#if defined(__HIP_PLATFORM_AMD__) || defined(__CUDA_ARCH__)
    v += __shfl_xor_sync(~0ull, v, 4);  // expect: HP103
#endif
#ifdef __HCC__
    v += __shfl_xor_sync(0xffffffff, v, 2);  // ok: HP103 (HCC's macro: hip-clang does not define it)
#endif
#if 0
    v += __shfl_xor_sync(0xffffffff, v, 1);  // ok: HP103
    int width = __AMDGCN_WAVEFRONT_SIZE;  // ok: HP107
#endif
    return v;
}
