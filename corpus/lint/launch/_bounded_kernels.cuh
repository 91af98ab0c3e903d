// Kernels with launch bounds, defined in a header that launch sites include
// (HP202_bounds_seen_by_clang.cu).
#pragma once
#include <hip/hip_runtime.h>

#define SCAN_THREADS 128

__global__ void __launch_bounds__(SCAN_THREADS) scan_tile(int* data)
{
    data[threadIdx.x] += data[threadIdx.x + 1];
}

__global__ void __launch_bounds__(256, 2) normalize(float* x, float scale)
{
    x[blockIdx.x * blockDim.x + threadIdx.x] *= scale;
}

constexpr int Threads = 32;  // a global that a template parameter's name hides

template <int Threads>
__global__ void __launch_bounds__(Threads) tiled(float* x)
{
    x[threadIdx.x] = 0.0f;
}
