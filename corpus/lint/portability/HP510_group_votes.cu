// hipify-plus-test: rocm-version=6.4
// cuda-samples' cdpQuadtree and cdpAdvancedQuicksort after renaming: votes on a tile and on a
// coalesced group. HIP 6.2-6.4 declare them only with HIP_ENABLE_WARP_SYNC_BUILTINS.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void count_points(const float* x, int n, int* counts)
{
    cg::thread_block cta = cg::this_thread_block();
    cg::thread_block_tile<32> tile32 = cg::tiled_partition<32>(cta);
    for (int i = tile32.thread_rank(); tile32.any(i < n); i += 32) {  // expect: HP510
        bool inside = i < n && x[i] > 0.0f;
        counts[0] += __popcll(tile32.ballot(inside));  // expect: HP510
    }
    auto tile16 = cg::tiled_partition<16>(cta);
    if (tile16.all(n > 0)) counts[1] = 1;  // expect: HP510
    cg::coalesced_group active = cg::coalesced_threads();
    unsigned long long mask = active.ballot(x[0] > 1.0f);  // expect: HP510
    counts[2] = (int)mask + tile16.thread_rank();  // ok: HP510
    std::size_t any = 0;  // ok: HP510
    counts[3] = (int)any;
}
