// Groups of 32 threads and warp counts. Where no warp-synchronous work (shuffle, vote, ballot,
// __syncwarp, lane mask, warpSize) sees the hardware width, 32 is only a group size and the code
// computes the same on a 64-lane wavefront; memory sized by 32-thread warps only over-allocates.
#include <hip/hip_runtime.h>
#include <math.h>

// One row of a tile per group of 32 threads, and nothing warp-synchronous.
__global__ void scale_rows_in_groups(float *x, const float *scale, int cols)
{
    int warp = threadIdx.x / 32;  // ok: HP102 (a group index: no warp-synchronous work)
    int lane = threadIdx.x % 32;  // ok: HP102
    int warps = blockDim.x / 32;  // ok: HP110 (a group count)
    int row = blockIdx.x * warps + warp;
    for (int c = lane; c < cols; c += 32)
        x[row * cols + c] *= scale[row];
}

// A warp count in a helper whose caller reduces with shuffles: the count is a warp count.
__device__ int warps_in_block()
{
    return blockDim.x / 32;  // expect: HP110
}

__global__ void row_sums(const float *x, float *sums, int cols)
{
    __shared__ float partial[32];
    float v = x[blockIdx.x * cols + threadIdx.x];
    for (int o = warpSize / 2; o > 0; o /= 2)
        v += __shfl_down_sync(~0ull, v, o);
    if (threadIdx.x % warpSize == 0)
        partial[threadIdx.x / warpSize] = v;
    __syncthreads();
    if (threadIdx.x == 0) {
        float total = 0.f;
        for (int w = 0; w < warps_in_block(); ++w)
            total += partial[w];
        sums[blockIdx.x] = total;
    }
}

// One row per hardware warp.
__global__ void row_max_per_warp(const float *x, float *out, int rows, int cols)
{
    int row = blockIdx.x * (blockDim.x / warpSize) + threadIdx.x / warpSize;
    if (row >= rows)
        return;
    float v = -INFINITY;
    for (int c = threadIdx.x % warpSize; c < cols; c += warpSize)
        v = fmaxf(v, x[row * cols + c]);
    for (int o = warpSize / 2; o > 0; o /= 2)
        v = fmaxf(v, __shfl_down_sync(~0ull, v, o));
    if (threadIdx.x % warpSize == 0)
        out[row] = v;
}

// Sums of 4 lanes, with the width given: nothing here sees the wavefront.
__global__ void quad_sums(const float *x, float *out)
{
    int i = (blockIdx.x * blockDim.z + threadIdx.z) * 32 + threadIdx.y * 4 + threadIdx.x;
    float v = x[i];
    v += __shfl_down_sync(~0ull, v, 1, 4);
    v += __shfl_down_sync(~0ull, v, 2, 4);
    if (threadIdx.x == 0)
        out[i / 4] = v;
}

void launch(float *x, const float *scale, float *sums, int rows, int cols, int threads)
{
    scale_rows_in_groups<<<rows / (threads / 64), threads>>>(x, scale, cols);
    // Shared memory for one partial sum per warp: enough for fewer, wider wavefronts.
    size_t partial_bytes = (threads / 32 + 1) * sizeof(float);  // ok: HP110 (over-allocates on AMD)
    int per_warp = threads / 32;  // ok: HP110 (used only as a byte count)
    row_sums<<<rows, threads, per_warp * sizeof(float) + partial_bytes>>>(x, sums, cols);
    // One row per warp, and the grid counts 32-thread warps: on CDNA half of the rows are left.
    int rows_per_block = threads / 32;  // expect: HP110
    row_max_per_warp<<<(rows + rows_per_block - 1) / rows_per_block, threads>>>(x, sums, rows, cols);
    // A block shaped 4 x 8 x (threads / 32) for a kernel that never sees the wavefront.
    dim3 shape = {4, 8, (unsigned)threads / 32};  // ok: HP110 (block geometry)
    quad_sums<<<rows, shape>>>(x, sums);
    // The same count twice in one statement is one finding.
    row_max_per_warp<<<(rows + threads / 32 - 1) / (threads / 32), threads>>>(x, sums, rows, cols);  // expect: HP110
}
