// Warp reductions and scans with their shuffle offsets written out one call each.
#include <hip/hip_runtime.h>

__device__ float warp_sum(float v)
{
    v += __shfl_xor_sync(~0ull, v, 16);  // expect: HP105
    v += __shfl_xor_sync(~0ull, v, 8);
    v += __shfl_xor_sync(~0ull, v, 4);
    v += __shfl_xor_sync(~0ull, v, 2);
    v += __shfl_xor_sync(~0ull, v, 1);
    return v;
}

// Two values reduced side by side: one butterfly.
__device__ float2 warp_sum2(float2 a)
{
    a.x += __shfl_down(a.x, 16);  // expect: HP105
    a.y += __shfl_down(a.y, 16);
    a.x += __shfl_down(a.x, 8);
    a.y += __shfl_down(a.y, 8);
    a.x += __shfl_down(a.x, 4);
    a.y += __shfl_down(a.y, 4);
    a.x += __shfl_down(a.x, 2);
    a.y += __shfl_down(a.y, 2);
    a.x += __shfl_down(a.x, 1);
    a.y += __shfl_down(a.y, 1);
    return a;
}

// An inclusive scan, the offsets going up.
__device__ int warp_scan(int x, int lane)
{
    int y = __shfl_up(x, 1);
    if (lane >= 1) x += y;
    y = __shfl_up(x, 2);
    if (lane >= 2) x += y;
    y = __shfl_up(x, 4);
    if (lane >= 4) x += y;
    y = __shfl_up(x, 8);
    if (lane >= 8) x += y;
    y = __shfl_up(x, 16);  // expect: HP105
    if (lane >= 16) x += y;
    return x;
}

// Written for both widths: a 32 step first where the wavefront has 64 lanes.
__device__ float wave_sum(float v)
{
    if (warpSize == 64)
        v += __shfl_xor(v, 32);
    v += __shfl_xor(v, 16);  // ok: HP105 (the 32 step covers the other half)
    v += __shfl_xor(v, 8);
    v += __shfl_xor(v, 4);
    v += __shfl_xor(v, 2);
    v += __shfl_xor(v, 1);
    return v;
}

// Groups of 32 lanes on purpose: the shuffles name their width.
__device__ float group_sum(float v)
{
    v += __shfl_xor(v, 16, 32);  // ok: HP105 (an explicit logical width)
    v += __shfl_xor(v, 8, 32);
    v += __shfl_xor(v, 4, 32);
    v += __shfl_xor(v, 2, 32);
    v += __shfl_xor(v, 1, 32);
    return v;
}

// Eight-lane groups only.
__device__ float quad_sum(float v)
{
    v += __shfl_xor(v, 4);  // ok: HP105 (groups of 8 lanes)
    v += __shfl_xor(v, 2);
    v += __shfl_xor(v, 1);
    return v;
}

__global__ void sums(const float *in, float *out, int *scan)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float2 p = warp_sum2(make_float2(in[i], in[i]));
    out[i] = warp_sum(in[i]) + p.x + wave_sum(in[i]) + group_sum(in[i]) + quad_sum(in[i]);
    scan[i] = warp_scan(scan[i], threadIdx.x % warpSize);
}
