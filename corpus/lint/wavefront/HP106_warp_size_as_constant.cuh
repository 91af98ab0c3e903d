// hipify-plus-test: rocm-version=7.0
// Warp-level helpers of a HIP port that used the constexpr warpSize of ROCm 6.
#ifndef WARP_HELPERS_CUH
#define WARP_HELPERS_CUH

#include <hip/hip_runtime.h>

template <int WIDTH = warpSize>  // expect: HP106
__device__ float warp_sum(float v)
{
    static_assert((WIDTH & (WIDTH - 1)) == 0, "power of two");
    for (int o = WIDTH / 2; o > 0; o >>= 1)
        v += __shfl_xor(v, o, WIDTH);
    return v;
}

__global__ void warp_sums(const float *in, float *out)
{
    __shared__ float staged[warpSize];  // expect: HP106
    constexpr int kLanes = warpSize;  // expect: HP106
    static_assert(warpSize % 32 == 0, "whole warps");  // expect: HP106
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
