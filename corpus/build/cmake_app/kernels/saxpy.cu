#include <cuda_runtime.h>
#include "vecops.h"

__global__ void saxpy_kernel(float a, const float* __restrict__ x, float* __restrict__ y, std::size_t n)
{
    std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
    for (; i < n; i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
        y[i] = a * x[i] + y[i];
}

int vec_saxpy(float a, const float* x, float* y, std::size_t n)
{
    float *dx = nullptr, *dy = nullptr;
    if (cudaMalloc(&dx, n * sizeof(float)) != cudaSuccess) return 1;
    if (cudaMalloc(&dy, n * sizeof(float)) != cudaSuccess) { cudaFree(dx); return 1; }
    cudaMemcpy(dx, x, n * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(dy, y, n * sizeof(float), cudaMemcpyHostToDevice);
    int blocks = static_cast<int>((n + 255) / 256);
    saxpy_kernel<<<blocks < 1024 ? blocks : 1024, 256>>>(a, dx, dy, n);
    cudaError_t err = cudaGetLastError();
    cudaMemcpy(y, dy, n * sizeof(float), cudaMemcpyDeviceToHost);
    cudaFree(dx);
    cudaFree(dy);
    return err == cudaSuccess ? 0 : 1;
}
