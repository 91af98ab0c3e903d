// hipify-plus-test: rocm-version=5.7 unsafe-fixes
// Warp primitives of a port that must still build with ROCm 5.7.
#include <hip/hip_runtime.h>

__device__ float warp_max(float v)
{
    for (int o = warpSize / 2; o > 0; o /= 2)
        v = fmaxf(v, __shfl_xor_sync(~0ull, v, o));  // expect: HP112
    return v;
}

__device__ int active_lanes()
{
    return __popcll(__activemask());  // expect: HP112
}

__device__ float broadcast(float v, int src)
{
    return __shfl_sync(__activemask(), v, src, warpSize);  // expect: HP112, HP112
}

__device__ bool any_negative(float v, unsigned long long lanes)
{
    return __any_sync(lanes, v < 0.f);  // expect: HP112
}

__device__ unsigned long long same_key(int key)
{
    return __match_any_sync(~0ull, key);  // expect: HP112
}

#if HIP_VERSION >= 60200000
__device__ int all_agree(int p) { return __all_sync(~0ull, p); }  // ok: HP112 (built only on ROCm 6.2+)
#else
__device__ int all_agree(int p) { return __all(p); }
#endif

#ifdef __HIP_PLATFORM_NVIDIA__
__device__ float cuda_sum(float v) { return v + __shfl_down_sync(~0ull, v, 1); }  // ok: HP112
#endif
