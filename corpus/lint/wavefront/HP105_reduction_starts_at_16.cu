// Warp reductions and scans whose shuffle offsets are fixed for 32 lanes.
#include <hip/hip_runtime.h>

__device__ float warp_sum(float v)
{
    for (int offset = 16; offset > 0; offset >>= 1)  // expect: HP105
        v += __shfl_down_sync(~0ull, v, offset);
    return v;
}

__global__ void dot(const float *a, const float *b, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? a[i] * b[i] : 0.f;
    v = warp_sum(v);
    if ((threadIdx.x & (warpSize - 1)) == 0)
        atomicAdd(out, v);
}

// Inclusive scan of each warp (Hillis-Steele).
__global__ void warp_prefix(const int *in, int *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % warpSize;
    int x = in[i];
    for (int d = 1; d < 32; d <<= 1) {  // expect: HP105
        int y = __shfl_up_sync(~0ull, x, d);
        if (lane >= d)
            x += y;
    }
    out[i] = x;
}

void run(const float *a, const float *b, float *dot_out, const int *in, int *scan_out, int n)
{
    dot<<<(n + 255) / 256, 256>>>(a, b, dot_out, n);
    warp_prefix<<<n / 256, 256>>>(in, scan_out);
}

// No kernel in this file calls it: its callers may still number 32-lane warps, so the
// rewrite is unsafe here.
__device__ float block_sum(float v)
{
    for (int o = 16; o > 0; o /= 2) {  // expect: HP105
        v += __shfl_xor_sync(~0ull, v, o);
    }
    for (int i = 16; i > 0; i >>= 1)  // ok: HP105 (no shuffle: plain arithmetic)
        v *= 0.5f;
    for (int o = warpSize / 2; o > 0; o >>= 1)  // ok: HP105
        v += __shfl_down_sync(~0ull, v, o);
    return v;
}

// Reduces groups of 32 lanes on purpose: the shuffles name their width.
__device__ float group32_sum(float v)
{
    for (int o = 16; o > 0; o >>= 1)  // ok: HP105 (an explicit logical width of 32)
        v += __shfl_xor(v, o, 32);
    return v;
}
