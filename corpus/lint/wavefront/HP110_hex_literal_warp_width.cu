// The warp width spelled in hex: the same 32, found and rewritten with the rest of the unit.
#include <hip/hip_runtime.h>

// The total goes to every lane: a broadcast from lane 0, which on a 64-lane wavefront is lane 0
// of the whole wavefront, not of each group of 32 lanes.
__device__ float warp_sum(float v)
{
    for (int o = 16; o > 0; o >>= 1)  // expect: HP105
        v += __shfl_down_sync(~0ull, v, o);
    return __shfl_sync(~0ull, v, 0);
}

__global__ void block_sum(const float *in, float *out)
{
    __shared__ float partial[32];
    int lane = threadIdx.x % 0x20;  // expect: HP102
    int warp = threadIdx.x / 0x20;  // expect: HP102
    float v = warp_sum(in[blockIdx.x * blockDim.x + threadIdx.x]);
    if (lane == 0)
        partial[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < blockDim.x / 0x20 ? partial[lane] : 0.f;  // expect: HP110
        v = warp_sum(v);
        if (lane == 0)
            out[blockIdx.x] = v;
    }
}

void sum(const float *in, float *out, int n)
{
    block_sum<<<n / 256, 256>>>(in, out);
    int words = (n + 0x1f) / 0x20;  // ok: HP110 (32-bit words, not warps)
    (void)words;
}
