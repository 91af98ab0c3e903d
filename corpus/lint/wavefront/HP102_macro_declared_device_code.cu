// Device code whose execution space is spelled by the project's own macros: the warp math in
// it is device code like any other.
#include <hip/hip_runtime.h>

#define DEVICE __device__
#define HOST_DEVICE __host__ __device__
#define KERNEL __global__
#define INLINE_DEVICE static __forceinline__ __device__

DEVICE float warp_sum(float v)
{
    for (int o = 16; o > 0; o >>= 1)  // expect: HP105
        v += __shfl_down_sync(~0ull, v, o);
    return __shfl_sync(~0ull, v, 0);  // every lane gets lane 0's total
}

HOST_DEVICE inline int lane_of(int tid)
{
    return tid & 31;  // expect: HP102
}

INLINE_DEVICE int warp_of(int tid)
{
    return tid >> 5;  // expect: HP102
}

KERNEL void block_sums(const float *in, float *out)
{
    __shared__ float partial[32];
    int lane = lane_of(threadIdx.x);
    int warp = warp_of(threadIdx.x);
    float v = warp_sum(in[blockIdx.x * blockDim.x + threadIdx.x]);
    if (lane == 0)
        partial[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < blockDim.x / 32 ? partial[lane] : 0.f;  // expect: HP110
        v = warp_sum(v);
        if (lane == 0)
            out[blockIdx.x] = v;
    }
}

// A host helper with a macro that is not an execution space: still host code.
#define API extern "C"
API int host_lanes(int threads)
{
    return threads % 32;  // ok: HP102 (host code)
}
