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


// llm.c's softmax_forward: an int beside an unsigned int computed from a coordinate
__global__ void softmaxUnrolled(float *out, const float *x, int C)
{
    int tid = threadIdx.x;
    float maxval = -1e30f;
    for (int i = tid; i < C; i += blockDim.x * 4) {
        for (int u = 0; u < 4; u++) {
            maxval = fmaxf(maxval, x[min(C - 1, i + u*blockDim.x)]);  // expect: HP715
        }
    }
    out[0] = x[min(tid << 1, C)];  // ok: HP715
    out[1] = x[min(1 << threadIdx.x, C)];  // ok: HP715
    out[2] = x[min(blockDim.x * 2u, (unsigned int)C)];  // ok: HP715
    out[3] = maxval;
}
