// hipify-plus-test: rocm-version=5.7
// Votes over part of a warp: before HIP has the *_sync forms, dropping the mask would let the
// lanes outside it vote too.
#include <cuda_runtime.h>

__global__ void half_warp_votes(const int* in, unsigned* out)
{
    int v = in[threadIdx.x];
    const unsigned low_half = 0x0000ffffu;
    unsigned ballot = __ballot_sync(low_half, v > 0);  // expect: HP008
    bool any = __any_sync(0x0000ffff, v < 0);  // expect: HP008
    bool all = __all_sync(low_half, v != cudaSuccess);  // expect: HP008
    bool everyone = __all_sync(0xffffffff, v == 0);  // expect: HP008
    if (threadIdx.x == 0) {
        out[0] = ballot;
        out[1] = any;
        out[2] = all;
        out[3] = everyone;
    }
}
