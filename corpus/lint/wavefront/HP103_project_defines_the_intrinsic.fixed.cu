// A project's HIP build that defines the CUDA warp intrinsics itself (here; in a header it
// includes works the same): the mask is the project's macro's business, not HIP's.
#include <hip/hip_runtime.h>

#if defined(__HIP_PLATFORM_AMD__)
#define __shfl_xor_sync(mask, var, lane_mask, width) __shfl_xor(var, lane_mask, width)
#define __syncwarp() __builtin_amdgcn_wave_barrier()
#else
#define __ballot_sync(mask, predicate) my_nvidia_ballot(mask, predicate)
#endif

__device__ float warp_max(float v)
{
    for (int o = warpSize / 2; o > 0; o >>= 1)
        v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, o, warpSize));  // ok: HP103 (the project's macro drops the mask)
    __syncwarp();  // ok: HP109 (the project's own __syncwarp)
    return v;
}

__device__ unsigned long long any_negative(float v)
{
    // The project defines __ballot_sync only for NVIDIA: an AMD build calls HIP's.
    return __ballot_sync(~0ull, v < 0.f);  // expect: HP103
}
