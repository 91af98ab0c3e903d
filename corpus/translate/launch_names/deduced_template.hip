// hipify-plus-test: hip-launch-syntax
// hipLaunchKernelGGL names a template kernel through HIP_KERNEL_NAME, also when its template
// arguments are deduced from the launch's arguments, and a kernel named by a macro; a plain
// kernel is named as it is.
#include <hip/hip_runtime.h>

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

void run(float a, const float *x, float *y, hipStream_t stream)
{
    hipLaunchKernelGGL(zero, dim3(1), dim3(64), 0, 0, y);
    hipLaunchKernelGGL(HIP_KERNEL_NAME(axpy), dim3(1), dim3(64), 0, stream, a, x, y);
    hipLaunchKernelGGL(HIP_KERNEL_NAME(axpy<float>), dim3(1), dim3(64), 0, 0, a, x, y);
    hipLaunchKernelGGL(HIP_KERNEL_NAME(AXPY_FLOAT), dim3(1), dim3(64), 0, 0, a, x, y);
}
