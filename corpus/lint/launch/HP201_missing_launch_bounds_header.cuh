// A header: kernels with external linkage may be launched by other files that include it.
#pragma once

__global__ void add_bias(float* x, const float* bias, int n)  // expect: HP201
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] += bias[i % 64];
}

namespace {
__global__ void zero(float* x, int n)  // expect: HP201
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = 0.0f;
}
}  // namespace

inline void add_bias_and_zero(float* x, float* y, const float* bias, int n)
{
    add_bias<<<(n + 255) / 256, 256>>>(x, bias, n);
    zero<<<(n + 255) / 256, 256>>>(y, n);
}
