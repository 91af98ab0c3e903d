// hipify-plus-test: unsafe-fixes
// One kernel, two block sizes: the bound must cover the larger one.
#include <hip/hip_runtime.h>

__global__ void softmax_rows(const float* in, float* out, int cols)  // expect: HP201
{
    float m = -INFINITY;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, in[blockIdx.x * cols + c]);
    out[blockIdx.x * cols + threadIdx.x] = m;
}

void softmax(const float* in, float* out, int rows, int cols)
{
    if (cols <= 128)
        hipLaunchKernelGGL(softmax_rows, dim3(rows), dim3(128), 0, 0, in, out, cols);
    else
        hipLaunchKernelGGL(softmax_rows, dim3(rows), dim3(256), 0, 0, in, out, cols);
}
