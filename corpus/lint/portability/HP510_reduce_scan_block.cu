// hipify-plus-test: compile fails-before
// Converted CUDA that reduces and scans over tiles and coalesced groups: HIP has no
// <cooperative_groups/reduce.h> or scan.h, so the fix puts hipify-plus's block in their place.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#include <cooperative_groups/reduce.h>  // expect: HP510
#include <cooperative_groups/scan.h>  // expect: HP510
namespace cg = cooperative_groups;

__global__ void softmax_stats(const float* x, float* out, int* flags, int n)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    auto quad = cg::tiled_partition<4>(block);  // ok: HP510
    float v = threadIdx.x < n ? x[threadIdx.x] : 0.0f;
    float maxval = cg::reduce(warp, v, cg::greater<float>{});  // ok: HP510
    float sum = cg::reduce(warp, v - maxval, cg::plus<float>());  // ok: HP510
    int bits = cg::reduce(quad, (int)v, cg::bit_or<int>());  // ok: HP510
    float prefix = cg::inclusive_scan(warp, v);  // ok: HP510
    float before = cg::exclusive_scan(quad, v, cg::plus<float>());  // ok: HP510
    if (v > 0.0f) {
        cg::coalesced_group active = cg::coalesced_threads();
        flags[threadIdx.x] = cg::reduce(active, 1, cg::plus<int>());  // ok: HP510
    }
    out[threadIdx.x] = maxval + sum + bits + prefix + before;
}
