// A kernel file as clang-format leaves it when it treats .cu as plain C++: the launch chevrons
// come apart, which nvcc accepts and hip-clang does not.
#include <cuda_runtime.h>

__global__ void saxpy(int n, float a, const float* x, float* y)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

int main()
{
    const int n = 1 << 20;
    float *x, *y;
    cudaMalloc(&x, n * sizeof(float));
    cudaMalloc(&y, n * sizeof(float));
    cudaStream_t stream;
    cudaStreamCreate(&stream);
    saxpy << <(n + 255) / 256, 256 >> >(n, 2.0f, x, y);
    saxpy << <(n + 255) / 256, 256, 0, stream >> >(n, 0.5f, x, y);
    cudaStreamSynchronize(stream);
    cudaFree(x);
    cudaFree(y);
    return n >> 30;
}
