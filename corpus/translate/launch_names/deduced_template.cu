// hipify-plus-test: hip-launch-syntax
// hipLaunchKernelGGL names a template kernel through HIP_KERNEL_NAME, also when its template
// arguments are deduced from the launch's arguments, and a kernel named by a macro; a plain
// kernel is named as it is.
#include <cuda_runtime.h>

template <typename T>
__global__ void axpy(T a, const T *x, T *y)
{
    y[threadIdx.x] += a * x[threadIdx.x];
}

__global__ void zero(float *y)
{
    y[threadIdx.x] = 0.0f;
}

#define AXPY_FLOAT axpy<float>

void run(float a, const float *x, float *y, cudaStream_t stream)
{
    zero<<<1, 64>>>(y);
    axpy<<<1, 64, 0, stream>>>(a, x, y);
    axpy<float><<<1, 64>>>(a, x, y);
    AXPY_FLOAT<<<1, 64>>>(a, x, y);
}
