// Dot product with cooperative groups: warp tiles reduce with shuffles, the
// block combines tiles, and a grid-wide sync lets block 0 finish the job.
#include <cstdio>
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

__device__ float tile_sum(cg::thread_block_tile<32> tile, float v)
{
    for (int offset = tile.size() / 2; offset > 0; offset /= 2)
        v += tile.shfl_down(v, offset);
    return v;
}

__global__ void dot(const float *x, const float *y, int n, float *partial, float *result)
{
    cg::thread_block block = cg::this_thread_block();
    cg::grid_group grid = cg::this_grid();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
    __shared__ float tile_sums[32];
    const unsigned int tile_id = block.thread_rank() / 32, num_tiles = block.size() / 32;

    float v = 0.0f;
    for (int i = grid.thread_rank(); i < n; i += grid.size())
        v += x[i] * y[i];
    v = tile_sum(tile, v);
    if (tile.thread_rank() == 0)
        tile_sums[tile_id] = v;
    block.sync();

    if (tile_id == 0) {
        float t = tile.thread_rank() < num_tiles ? tile_sums[tile.thread_rank()] : 0.0f;
        t = tile_sum(tile, t);
        if (tile.thread_rank() == 0) partial[blockIdx.x] = t;
    }
    grid.sync();

    if (blockIdx.x == 0 && tile_id == 0) {
        float t = 0.0f;
        for (int b = tile.thread_rank(); b < gridDim.x; b += tile.size())
            t += partial[b];
        t = tile_sum(tile, t);
        if (tile.thread_rank() == 0) *result = t;
    }
}

int main()
{
    const int n = 1 << 20, threads = 256;
    int dev = 0, sms = 0, perSm = 0, coop = 0;
    hipDeviceGetAttribute(&coop, hipDeviceAttributeCooperativeLaunch, dev);
    hipDeviceGetAttribute(&sms, hipDeviceAttributeMultiprocessorCount, dev);
    hipOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, dot, threads, 0);
    if (!coop) { printf("cooperative launch not supported\n"); return 0; }
    int blocks = sms * perSm;

    float *x, *y, *partial, *result;
    hipMalloc(&x, n * sizeof(float));
    hipMalloc(&y, n * sizeof(float));
    hipMalloc(&partial, blocks * sizeof(float));
    hipMalloc(&result, sizeof(float));
    hipMemset(x, 0, n * sizeof(float));
    hipMemset(y, 0, n * sizeof(float));

    int nn = n;
    void *args[] = { &x, &y, &nn, &partial, &result };
    hipLaunchCooperativeKernel((void *)dot, dim3(blocks), dim3(threads), args, 0, nullptr);
    float h = 0.0f;
    hipMemcpy(&h, result, sizeof(float), hipMemcpyDeviceToHost);
    printf("dot = %f (%d blocks)\n", h, blocks);
    hipFree(x); hipFree(y); hipFree(partial); hipFree(result);
    return 0;
}
