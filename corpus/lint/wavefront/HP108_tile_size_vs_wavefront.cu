// hipify-plus-test: arch=gfx90a,gfx1100
// Cooperative-groups tiles sized for the warp of the GPU the code was written for.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

__device__ float tile_sum(cg::thread_block_tile<32> tile, float v)  // ok: HP108 (a logical 32-thread tile)
{
    for (int o = tile.size() / 2; o > 0; o /= 2)
        v += tile.shfl_down(v, o);
    return v;
}

__global__ void wide_tiles(const float *in, float *out)
{
    cg::thread_block block = cg::this_thread_block();
    auto wave = cg::tiled_partition<64>(block);  // expect: HP108
    cg::thread_block_tile<128> pair = cg::tiled_partition<128>(block);  // expect: HP108
    float v = in[block.thread_rank()];
    for (int o = wave.size() / 2; o > 0; o /= 2)
        v += wave.shfl_down(v, o);
    if (wave.thread_rank() == 0)
        out[blockIdx.x * 4 + pair.meta_group_rank()] = v;
}

__global__ void tile_as_warp(const float *in, float *out, int *votes)
{
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());  // expect: HP108
    float v = tile_sum(tile, in[blockIdx.x * blockDim.x + threadIdx.x]);
    unsigned long long positive = __ballot(v > 0.f);
    if (tile.thread_rank() == 0) {
        out[blockIdx.x] = v;
        votes[blockIdx.x] = __popcll(positive);
    }
}

__global__ void small_tiles(const float *in, float *out)
{
    auto quad = cg::tiled_partition<4>(cg::this_thread_block());  // ok: HP108
    float v = in[threadIdx.x];
    v += quad.shfl_xor(v, 1);
    v += quad.shfl_xor(v, 2);
    out[threadIdx.x] = v;
}

// Only tile operations; the comment's __shfl_xor and warpSize are words, not code.
__global__ void tile_swizzle(const float *in, float *out)
{
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());  // ok: HP108 (tile shuffles only)
    // like __shfl_xor(v, 1) within warpSize lanes, but on the tile
    float v = tile.shfl_xor(in[blockIdx.x * blockDim.x + threadIdx.x], 1);
    out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}
