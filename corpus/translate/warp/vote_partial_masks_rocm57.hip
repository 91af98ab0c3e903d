// hipify-plus-test: rocm-version=5.7
// Votes over part of a warp: before HIP has the *_sync forms, dropping the mask would let the
// lanes outside it vote too.
#include <hip/hip_runtime.h>

__global__ void half_warp_votes(const int* in, unsigned* out)
{
    int v = in[threadIdx.x];
    const unsigned low_half = 0x0000ffffu;
    unsigned ballot = (__ballot(v > 0) & (low_half));  // expect: HP008
    bool any = ((__ballot(v < 0) & (0x0000ffff)) != 0);  // expect: HP008
    bool all = ((__ballot(v != hipSuccess) & (low_half)) == (low_half));  // expect: HP008
    bool everyone = __all(v == 0);  // expect: HP008
    if (threadIdx.x == 0) {
        out[0] = ballot;
        out[1] = any;
        out[2] = all;
        out[3] = everyone;
    }
}
