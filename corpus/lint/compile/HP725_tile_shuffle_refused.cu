// hipify-plus-test: compile=no
// Tile shuffles the rewrite leaves with a finding: a struct, and a lane argument that calls.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

namespace cg = cooperative_groups;

struct span
{
    int begin, end;
};

__device__ int pick_lane(int i) { return i ^ 1; }

typedef float real;

template <typename T>
__device__ T broadcast(const cg::thread_block_tile<32> &tile, T value, real scale)
{
    real scaled = tile.shfl(scale, 0);  // ok: HP725
    return tile.shfl(value, 0) * scaled;  // ok: HP725
}

__global__ void exchange(span *spans, uint2 *words)
{
    const auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    span mine = spans[threadIdx.x];
    mine = tile.shfl(mine, 0);  // expect: HP725
    uint2 word = words[threadIdx.x];
    word = tile.shfl(word, pick_lane(threadIdx.x));  // expect: HP725
    spans[threadIdx.x] = mine;
    words[threadIdx.x] = word;
}
