// cuda-samples' mergeSort and eigenvalues: CUDA's umin, and min with a thread coordinate (HP715).
#include <cuda_runtime.h>

typedef unsigned int uint;

__global__ void mergeRanks(uint *out, uint N, uint stride)
{
    uint segmentBase = blockIdx.x * 2 * stride;
    uint segmentElementsB = umin(stride, N - segmentBase - stride);
    unsigned int rem = N - segmentBase;
    for (unsigned int k = 0; k < min(rem, blockDim.x); ++k) {
        out[k] = segmentElementsB;
    }
}
