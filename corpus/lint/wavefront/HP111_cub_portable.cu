// hipCUB warp primitives over whole wavefronts: the indexing uses warpSize, so the
// default (hardware) width is what the code means.
#include <hipcub/hipcub.hpp>

template <int BLOCK>
__global__ void wave_sums(const int *in, int *out)
{
    using WarpReduce = hipcub::WarpReduce<int>;  // ok: HP111
    __shared__ typename WarpReduce::TempStorage temp[BLOCK / 32];  // ok: HP110 (only over-allocates with 64-lane wavefronts)
    int warp_id = threadIdx.x / warpSize;
    int sum = WarpReduce(temp[warp_id]).Sum(in[blockIdx.x * BLOCK + threadIdx.x]);
    if (threadIdx.x % warpSize == 0)
        out[blockIdx.x * BLOCK / warpSize + warp_id] = sum;
}
