// A header: kernels with external linkage may be launched by other files that include it.
#pragma once

__global__ void add_bias(float* x, const float* bias, int n)  // expect: HP201
{
    float b[128];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
#pragma unroll
    for (int k = 0; k < 128; ++k) b[k] = bias[k];
    if (i < n) x[i] += b[i % 128];
}

namespace {
__global__ void __launch_bounds__(256) zero(float* x, int n)  // expect: HP201
{
    float z[128] = {};
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = z[i % 128];
}
}  // namespace

__global__ void copy(float* x, const float* y, int n)  // ok: HP201 (a few registers)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = y[i];
}

inline void add_bias_and_zero(float* x, float* y, const float* bias, int n)
{
    add_bias<<<(n + 255) / 256, 256>>>(x, bias, n);
    zero<<<(n + 255) / 256, 256>>>(y, n);
    copy<<<(n + 255) / 256, 256>>>(x, y, n);
}
