// hipify-plus-test: unsafe-fixes
// One kernel, two block sizes: the bound must cover the larger one.
#include <hip/hip_runtime.h>

__global__ void __launch_bounds__(256) softmax_rows(const float* in, float* out, int cols)  // expect: HP201
{
    float row[112];
    float m = -INFINITY;
#pragma unroll
    for (int k = 0; k < 112; ++k) {
        row[k] = in[blockIdx.x * cols + (threadIdx.x + k * blockDim.x) % cols];
        m = fmaxf(m, row[k]);
    }
    float s = 0.0f;
#pragma unroll
    for (int k = 0; k < 112; ++k) s += expf(row[k] - m);
    out[blockIdx.x * cols + threadIdx.x] = s;
}

__global__ void softmax_small(const float* in, float* out, int cols)  // ok: HP201 (a few registers)
{
    float m = -INFINITY;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, in[blockIdx.x * cols + c]);
    out[blockIdx.x * cols + threadIdx.x] = m;
}

void softmax(const float* in, float* out, int rows, int cols)
{
    if (cols <= 128) {
        hipLaunchKernelGGL(softmax_rows, dim3(rows), dim3(128), 0, 0, in, out, cols);
        hipLaunchKernelGGL(softmax_small, dim3(rows), dim3(128), 0, 0, in, out, cols);
    } else {
        hipLaunchKernelGGL(softmax_rows, dim3(rows), dim3(256), 0, 0, in, out, cols);
        hipLaunchKernelGGL(softmax_small, dim3(rows), dim3(256), 0, 0, in, out, cols);
    }
}
