// hipify-plus-test: fails-before
// cuda-samples' mergeSort (umin in device code) and eigenvalues (min with blockDim.x) after renaming.
#include <hip/hip_runtime.h>

typedef unsigned int uint;

__device__ uint binarySearch(uint val, uint *data, uint L, uint stride)
{
    uint pos = 0;
    for (; stride > 0; stride >>= 1) {
        uint newPos = umin(pos + stride, L);  // expect: HP715
        if (data[newPos - 1] <= val) pos = newPos;
    }
    return pos;
}

__global__ void mergeRanks(uint *out, uint N, uint stride, long long *big)
{
    uint segmentBase = blockIdx.x * 2 * stride;
    uint segmentElementsB = umin(stride, N - segmentBase - stride);  // expect: HP715
    big[0] = llmax(big[1], 0);  // expect: HP715
    unsigned int rem = N - segmentBase;
    for (unsigned int k = 0; k < min(rem, blockDim.x); ++k) {  // expect: HP715
        out[k] = segmentElementsB;
    }
    out[0] = max(blockDim.x, gridDim.x);  // expect: HP715
    out[1] = min(rem, 7u);  // ok: HP715
    out[2] = min(N, segmentBase);  // ok: HP715
}

