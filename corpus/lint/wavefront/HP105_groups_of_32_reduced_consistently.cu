// Block sums written for 32-lane warps throughout. On a 64-lane wavefront two groups of 32
// threads share one wavefront, and a shuffle by an offset below 32 stays inside its group: as
// long as nothing sees the width of the whole wavefront (a vote, a broadcast from an absolute
// lane, warpSize, a lane mask), every group gets its own result, as on NVIDIA.
#include <hip/hip_runtime.h>

__device__ float group_sum(float v)
{
    for (int o = 16; o > 0; o >>= 1)  // ok: HP105 (each group of 32 lanes is reduced, as intended)
        v += __shfl_xor_sync(~0ull, v, o);
    return v;
}

__global__ void block_sum(const float *in, float *out)
{
    __shared__ float partial[32];
    int lane = threadIdx.x % 32;  // ok: HP102
    int warp = threadIdx.x / 32;  // ok: HP102
    float v = group_sum(in[blockIdx.x * blockDim.x + threadIdx.x]);
    if (lane == 0)
        partial[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = lane < blockDim.x / 32 ? partial[lane] : 0.f;  // ok: HP110
        v = group_sum(v);
        if (lane == 0)
            out[blockIdx.x] = v;
    }
}

// The same, but the total reaches the other lanes by a broadcast from lane 0: on a 64-lane
// wavefront lanes 32-63 read lane 0 of the wavefront, the first lane of another group.
__device__ float group_total(float v)
{
    for (int o = 16; o > 0; o >>= 1)  // expect: HP105
        v += __shfl_down_sync(~0ull, v, o);
    return __shfl_sync(~0ull, v, 0);
}

__global__ void normalize(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32;  // expect: HP102
    float total = group_total(in[i]);
    out[i] = lane == 0 ? total : in[i] / total;
}

void launch(const float *in, float *out, int n)
{
    block_sum<<<n / 256, 256>>>(in, out);
    normalize<<<n / 256, 256>>>(in, out);
}
