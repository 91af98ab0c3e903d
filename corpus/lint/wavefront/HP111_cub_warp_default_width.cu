// Per-warp sums with CUB, indexed by 32-thread warps.
#include <hipcub/hipcub.hpp>

template <int BLOCK>
__global__ void warp_sums(const int *in, int *out)
{
    using WarpReduce = hipcub::WarpReduce<int>;  // expect: HP111
    __shared__ typename WarpReduce::TempStorage temp[BLOCK / 32];  // expect: HP110
    int warp_id = threadIdx.x / 32;  // expect: HP102
    int sum = WarpReduce(temp[warp_id]).Sum(in[blockIdx.x * BLOCK + threadIdx.x]);
    if (threadIdx.x % 32 == 0)  // expect: HP102
        out[blockIdx.x * (BLOCK / 32) + warp_id] = sum;  // expect: HP110
}

typedef cub::WarpScan<float> WarpScanF;  // expect: HP111
using HalfWarpScan = hipcub::WarpScan<int, 16>;  // ok: HP111 (explicit logical width)

void run(const int *in, int *out, int blocks)
{
    warp_sums<256><<<blocks, 256>>>(in, out);
}
