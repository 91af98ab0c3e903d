// Project-specific helpers whose names happen to start with cuda/cu/CU.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

enum CUDA_BACKEND_KIND { CUDA_BACKEND_NATIVE, CUDA_BACKEND_EMULATED };

static int cudaStatusFlag = 0;   // set once any call below has failed

inline void cudaCheck(cudaError_t e, const char *file, int line)
{
    if (e != cudaSuccess) {
        fprintf(stderr, "%s:%d: %s\n", file, line, cudaGetErrorString(e));
        cudaStatusFlag = 1;
    }
}
#define cudaSafeCall(expr) cudaCheck((expr), __FILE__, __LINE__)

namespace cuda_utils {

struct cudaContextWrapper {
    int device = 0;
    cudaStream_t stream = nullptr;
    CUDA_BACKEND_KIND kind = CUDA_BACKEND_NATIVE;

    explicit cudaContextWrapper(int dev) : device(dev)
    {
        cudaSafeCall(cudaSetDevice(device));
        cudaSafeCall(cudaStreamCreate(&stream));
    }
    ~cudaContextWrapper() { cudaStreamDestroy(stream); }
};

inline int cuCeilDiv(int a, int b) { return (a + b - 1) / b; }

template <typename T>
T *cudaAllocZeroed(size_t n, cudaStream_t s)
{
    T *p = nullptr;
    cudaSafeCall(cudaMallocAsync(&p, n * sizeof(T), s));
    cudaSafeCall(cudaMemsetAsync(p, 0, n * sizeof(T), s));
    return p;
}

}  // namespace cuda_utils

__global__ void cuAccumulate(float *acc, const float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) acc[i] += x[i];
}

int main()
{
    using namespace cuda_utils;
    cudaContextWrapper ctx(0);
    const int n = 1 << 16;
    float *acc = cudaAllocZeroed<float>(n, ctx.stream);
    float *x = cudaAllocZeroed<float>(n, ctx.stream);
    int cuBlocks = cuCeilDiv(n, 256);
    cuAccumulate<<<cuBlocks, 256, 0, ctx.stream>>>(acc, x, n);
    cudaSafeCall(cudaGetLastError());
    cudaSafeCall(cudaFreeAsync(acc, ctx.stream));
    cudaSafeCall(cudaFreeAsync(x, ctx.stream));
    cudaSafeCall(cudaStreamSynchronize(ctx.stream));
    printf("backend %d, status flag %d\n", (int)ctx.kind, cudaStatusFlag);
    return cudaStatusFlag ? EXIT_FAILURE : EXIT_SUCCESS;
}
