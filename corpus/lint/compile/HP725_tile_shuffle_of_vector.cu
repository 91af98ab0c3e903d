// hipify-plus-test: fails-before
// A scan that moves whole vectors between the lanes of a tile, members of a struct and locals.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

struct packed_sums
{
    uint4 low, high;
};

__global__ void exchange(uint4 *out, float2 *pairs, int *counts)
{
    cg::thread_block block = cg::this_thread_block();
    const auto tile = cg::tiled_partition<32>(block);
    packed_sums sums;
    sums.low = out[threadIdx.x];
    sums.high = out[threadIdx.x + 32];
    sums.low = tile.shfl_xor(sums.low, 1);  // expect: HP725
    sums.high = tile.shfl_down(sums.high, 2);  // expect: HP725
    float2 pair = pairs[threadIdx.x];
    pair = tile.shfl(pair, 0);  // expect: HP725
    int count = tile.shfl_up(counts[threadIdx.x], 1);  // ok: HP725
    float scale = tile.shfl(pair.x, 0);  // ok: HP725
    out[threadIdx.x] = sums.low;
    out[threadIdx.x + 32] = sums.high;
    pairs[threadIdx.x] = make_float2(pair.x * scale, pair.y);
    counts[threadIdx.x] = count;
}
