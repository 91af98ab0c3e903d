// hipify-plus-test: rocm-version=7.0
// warpSize sized shared arrays and tiles at compile time: from ROCm 7.0 it is a runtime value.
#include <cuda_runtime.h>

__global__ void block_sum(const float *x, float *out, int n)
{
    __shared__ float partial[warpSize];  // a compile error on ROCm 7: convert writes HP_WARP_SIZE
    int lane = threadIdx.x % warpSize;  // a runtime use: stays
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? x[i] : 0.0f;
    if (threadIdx.x < warpSize) partial[lane] = 0.0f;
    __syncthreads();
    atomicAdd(&partial[lane], v);
    __syncthreads();
    if (threadIdx.x == 0) {
        float s = 0.0f;
        for (int k = 0; k < warpSize; ++k) s += partial[k];
        atomicAdd(out, s);
    }
}

constexpr int kTile = warpSize * 2;  // expect: HP106
