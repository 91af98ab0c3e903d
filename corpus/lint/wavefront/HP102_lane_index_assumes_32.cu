// Reductions ported from CUDA: lane and warp numbers are computed for 32-lane warps.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#include <math.h>

namespace cg = cooperative_groups;

#define LANE_ID (threadIdx.x & 31)  // expect: HP102

__device__ __forceinline__ float warp_reduce_sum(float v)
{
    for (int offset = 16; offset > 0; offset >>= 1)  // expect: HP105
        v += __shfl_xor_sync(~0ull, v, offset);
    return v;
}

// Everything this kernel, its helper and its launch do with the warp width has a rewrite,
// so the fixes are safe as a set.
__global__ void block_sum(const float *in, float *out, int n)
{
    __shared__ float partial[32];
    int tid = threadIdx.x;
    int lane = tid & 0x1f;  // expect: HP102
    int warp = tid >> 5;  // expect: HP102
    float v = 0.f;
    for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x)
        v += in[i];
    v = warp_reduce_sum(v);
    if (lane == 0)
        partial[warp] = v;
    __syncthreads();
    if (warp == 0) {
        v = 0.f;
        for (int w = lane; w < blockDim.x / 32; w += warpSize)  // expect: HP110
            v += partial[w];
        v = warp_reduce_sum(v);
        if (lane == 0)
            atomicAdd(out, v);
    }
}

void sum(const float *in, float *out, int n, hipStream_t stream)
{
    block_sum<<<(n + 255) / 256, 256, 0, stream>>>(in, out, n);
}

// One warp per row, and the host sizes the grid with 32-thread warps: rewriting only the
// kernel would leave half of the rows unprocessed on CDNA, so these fixes are unsafe.
__global__ void row_max(const float *m, float *out, int rows, int cols)
{
    int lane = threadIdx.x % 32;  // expect: HP102
    int row = (blockIdx.x * blockDim.x + threadIdx.x) / 32;  // expect: HP102
    if (row >= rows)
        return;
    float v = -INFINITY;
    for (int c = lane; c < cols; c += warpSize)
        v = fmaxf(v, m[row * cols + c]);
    for (int o = 16; o > 0; o /= 2)  // expect: HP105
        v = fmaxf(v, __shfl_down_sync(~0ull, v, o));
    if (LANE_ID == 0)
        out[row] = v;
}

void launch_row_max(const float *m, float *out, int rows, int cols)
{
    int threads = 128;
    int rows_per_block = threads / 32;  // expect: HP110
    row_max<<<(rows + rows_per_block - 1) / rows_per_block, threads>>>(m, out, rows, cols);
}

// A bitmap of valid entries: 32-bit words, not lanes.
__global__ void mark_valid(const float *x, unsigned *bits, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    bool valid = i < n && !isnan(x[i]);
    if (__any_sync(~0ull, valid) && valid)
        atomicOr(&bits[i / 32], 1u << (i % 32));  // ok: HP102
}

// Already portable.
__global__ void lane_ids(int *lanes, int *warps)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    lanes[tid] = threadIdx.x % warpSize;  // ok: HP102
    warps[tid] = threadIdx.x / warpSize;  // ok: HP102
}

// No warp work at all: 32 is a tile width here.
__global__ void copy_tiles(const float *in, float *out, int width)
{
    int col = threadIdx.x % 32;  // ok: HP102
    int row = threadIdx.x / 32;  // ok: HP102
    out[row * width + col] = in[col * width + row];
}

// Logical 32-thread warps through cooperative groups: the 32s match the tiles on every GPU.
__global__ void tile_sums(const float *in, float *out)
{
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    int warp = threadIdx.x / 32;  // ok: HP102 (one 32-thread tile per warp number)
    float v = in[blockIdx.x * blockDim.x + threadIdx.x];
    for (int o = 16; o > 0; o /= 2)  // ok: HP105 (a tile shuffle)
        v += tile.shfl_down(v, o);
    if (tile.thread_rank() == 0)
        out[blockIdx.x * (blockDim.x / 32) + warp] = v;  // ok: HP110
}

void launch_all(const float *in, float *out, int *lanes, int *warps, unsigned *bits, int n)
{
    tile_sums<<<n / 256, 256>>>(in, out);
    lane_ids<<<1, 256>>>(lanes, warps);
    copy_tiles<<<1, 1024>>>(in, out, 32);
    mark_valid<<<(n + 255) / 256, 256>>>(in, bits, n);
}
