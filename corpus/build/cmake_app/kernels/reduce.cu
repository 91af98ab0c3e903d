#include <cuda_runtime.h>
#include "vecops.h"

template <int BLOCK>
__global__ void block_sum(const float* __restrict__ x, float* __restrict__ partial, std::size_t n)
{
    __shared__ float cache[BLOCK];
    float v = 0.0f;
    for (std::size_t i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += static_cast<std::size_t>(gridDim.x) * BLOCK)
        v += x[i];
    cache[threadIdx.x] = v;
    __syncthreads();
    for (int stride = BLOCK / 2; stride > 0; stride /= 2) {
        if (threadIdx.x < stride) cache[threadIdx.x] += cache[threadIdx.x + stride];
        __syncthreads();
    }
    if (threadIdx.x == 0) partial[blockIdx.x] = cache[0];
}

float vec_sum(const float* x, std::size_t n)
{
    constexpr int kBlock = 256;
    constexpr int kBlocks = 64;
    float *dx = nullptr, *dpartial = nullptr;
    cudaMalloc(&dx, n * sizeof(float));
    cudaMalloc(&dpartial, kBlocks * sizeof(float));
    cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice);
    block_sum<kBlock><<<kBlocks, kBlock>>>(dx, dpartial, n);
    float partial[kBlocks];
    cudaMemcpy(partial, dpartial, sizeof(partial), cudaMemcpyDeviceToHost);
    cudaFree(dx);
    cudaFree(dpartial);
    float total = 0.0f;
    for (float p : partial) total += p;
    return total;
}
