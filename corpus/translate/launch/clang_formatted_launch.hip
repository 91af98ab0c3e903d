// A kernel file as clang-format leaves it when it treats .cu as plain C++: the launch chevrons
// come apart, which nvcc accepts and hip-clang does not.
#include <hip/hip_runtime.h>

__global__ void saxpy(int n, float a, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

int main()
{
    const int n = 1 << 20;
    float *x, *y;
    hipMalloc(&x, n * sizeof(float));
    hipMalloc(&y, n * sizeof(float));
    hipStream_t stream;
    hipStreamCreate(&stream);
    saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, x, y);
    saxpy<<<(n + 255) / 256, 256, 0, stream>>>(n, 0.5f, x, y);
    hipStreamSynchronize(stream);
    hipFree(x);
    hipFree(y);
    return n >> 30;
}
