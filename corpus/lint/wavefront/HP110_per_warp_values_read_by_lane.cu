// Per-warp partial results read back by the lanes of the first wavefront: an array of one entry
// per 32-thread warp has 32 entries, and a 64-lane wavefront reads 64.
#include <hip/hip_runtime.h>
#include <math.h>

__device__ float wave_max(float v)
{
    for (int o = warpSize / 2; o > 0; o /= 2)
        v = fmaxf(v, __shfl_xor_sync(~0ull, v, o));
    return v;
}

__global__ void block_max(const float *in, float *out)
{
    __shared__ float partial[32];
    int lane = threadIdx.x % warpSize;
    int warp = threadIdx.x / warpSize;
    float v = wave_max(in[blockIdx.x * blockDim.x + threadIdx.x]);
    if (lane == 0)
        partial[warp] = v;  // ok: HP110 (the write, by warp index)
    __syncthreads();
    if (warp == 0) {
        v = partial[lane];  // expect: HP110
        v = wave_max(v);
        if (lane == 0)
            out[blockIdx.x] = v;
    }
}

#define MAX_WARPS 32

__global__ void block_sum(const float *in, float *out)
{
    __shared__ float sums[MAX_WARPS];
    __shared__ float wide[64];
    int lane = __lane_id();
    float v = in[blockIdx.x * blockDim.x + threadIdx.x];
    for (int o = warpSize / 2; o > 0; o /= 2)
        v += __shfl_down_sync(~0ull, v, o);
    if (lane == 0) {
        sums[threadIdx.x / warpSize] = v;
        wide[threadIdx.x / warpSize] = v;
    }
    __syncthreads();
    if (threadIdx.x < warpSize) {
        float total = sums[threadIdx.x & (warpSize - 1)];  // expect: HP110
        float bounded = lane < blockDim.x / warpSize ? sums[lane] : 0.f;  // ok: HP110 (only the lanes with a wavefront)
        float padded = wide[lane];  // ok: HP110 (64 entries)
        out[blockIdx.x] = total + bounded + padded;
    }
}

void launch(const float *in, float *out, int n)
{
    block_max<<<n / 256, 256>>>(in, out);
    block_sum<<<n / 256, 256>>>(in, out);
}
