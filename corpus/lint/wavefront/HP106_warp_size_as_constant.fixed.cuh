// hipify-plus-test: rocm-version=7.0
// Warp-level helpers of a HIP port that used the constexpr warpSize of ROCm 6.
#ifndef WARP_HELPERS_CUH
#define WARP_HELPERS_CUH

#include <hip/hip_runtime.h>

// HP_WARP_SIZE (hipify-plus): compile-time wavefront size of the device pass. The AMD host
// pass sees 64 even for RDNA targets: host code must query hipDeviceAttributeWarpSize.
#ifndef HP_WARP_SIZE
#if defined(__HIP__) && (!defined(__HIP_DEVICE_COMPILE__) || defined(__GFX8__) || defined(__GFX9__))
#define HP_WARP_SIZE 64
#else
#define HP_WARP_SIZE 32
#endif
#endif

template <int WIDTH = HP_WARP_SIZE>  // expect: HP106
__device__ float warp_sum(float v)
{
    static_assert((WIDTH & (WIDTH - 1)) == 0, "power of two");
    for (int o = WIDTH / 2; o > 0; o >>= 1)
        v += __shfl_xor(v, o, WIDTH);
    return v;
}

__global__ void warp_sums(const float *in, float *out)
{
    __shared__ float staged[HP_WARP_SIZE];  // expect: HP106
    constexpr int kLanes = HP_WARP_SIZE;  // expect: HP106
    static_assert(HP_WARP_SIZE % 32 == 0, "whole warps");  // expect: HP106
    int lane = threadIdx.x % warpSize;  // ok: HP106 (a run-time use)
    staged[lane] = in[blockIdx.x * kLanes + lane];
    float v = warp_sum(staged[lane]);
    if (lane == 0)
        out[blockIdx.x] = v;
}

inline int lanes_per_block(int threads)
{
    return threads / warpSize;  // ok: HP106 (a run-time use)
}

template <int WS>
void launch_warp_sums(const float *in, float *out, int warps);

inline void run(const float *in, float *out, int warps)
{
    launch_warp_sums<warpSize>(in, out, warps);  // expect: HP106
}

#endif  // WARP_HELPERS_CUH
