// hipify-plus-test: compile fails-before
// Converted CUDA staging a tile with cooperative groups' memcpy_async and wait: HIP has no
// <cooperative_groups/memcpy_async.h>, so the fix puts a synchronous group copy in its place.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>  // expect: HP509
namespace cg = cooperative_groups;

__global__ void staged_scale(const float* in, float* out, float scale, int tiles)
{
    __shared__ float tile[256];
    cg::thread_block block = cg::this_thread_block();
    for (int t = 0; t < tiles; ++t) {
        cg::memcpy_async(block, tile, in + t * 256, sizeof(float) * 256);  // ok: HP509
        cg::wait(block);  // ok: HP509
        out[t * 256 + threadIdx.x] = scale * tile[threadIdx.x];
        block.sync();
    }
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    cg::memcpy_async(warp, tile, 32, in, 32);  // ok: HP509
    cg::wait_prior<0>(warp);  // ok: HP509
    out[threadIdx.x] += tile[warp.thread_rank()];
}
