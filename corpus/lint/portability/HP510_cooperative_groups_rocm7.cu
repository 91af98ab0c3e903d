// hipify-plus-test: rocm-version=7.0
// Targeting ROCm 7: __reduce_*_sync is a warning (newer HIP headers add it). cg::reduce and the
// scans without <cooperative_groups/reduce.h>/scan.h are reported (the include's fix provides
// them); cg::invoke_one has no replacement.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tile_sums(const int* in, int* out)
{
    auto tile = cg::tiled_partition<16>(cg::this_thread_block());  // ok: HP510
    int v = in[threadIdx.x];
    int sum = cg::reduce(tile, v, cg::plus<int>());  // expect: HP510
    int prefix = cg::exclusive_scan(tile, v);  // expect: HP510
    int wave = __reduce_add_sync(__activemask(), v);  // expect: HP503
    cg::invoke_one(tile, [&] { out[0] = sum; });  // expect: HP510
    out[threadIdx.x] = sum + prefix + wave;
}

template <int BlockSize>
__global__ void odd_even(const int* in, int* out)
{
    auto tile = cg::tiled_partition<32>(cg::this_thread_block());
    auto parity = cg::binary_partition(tile, in[threadIdx.x] & 1);  // expect: HP510
    __shared__ cg::block_tile_memory<BlockSize> scratch;  // expect: HP510
    out[threadIdx.x] = parity.size();
}
