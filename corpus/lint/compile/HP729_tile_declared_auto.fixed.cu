// hipify-plus-test: rocm-version=5.7 fails-before min-hip=5.7 max-hip=5.7
// Tiles declared `auto`, as cuda-samples' shfl_scan does (compiled with HIP 5.7 only: 5.2 has no
// meta_group_rank, and 6.x has no blocker).
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void ranks(unsigned int *out)
{
    cg::thread_block cta = cg::this_thread_block();
    const cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cta);  // expect: HP729
    cooperative_groups::thread_block_tile<16> half = cooperative_groups::tiled_partition<16>(cta);  // expect: HP729
    cg::thread_block_tile<8> eighth = cg::tiled_partition<8>(cta);  // ok: HP729
    auto dynamic = cg::tiled_partition(cta, 4);  // ok: HP729
    out[threadIdx.x] = tile.thread_rank() + tile.meta_group_rank() + half.size() + eighth.thread_rank()
                       + dynamic.size();
}
