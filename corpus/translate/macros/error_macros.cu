// Error-checking and launch macros, plus compile-time feature switches.
#include <cstdio>
#include <cstdlib>
#include <cuda.h>
#include <cuda_runtime.h>

#define CUDA_CHECK(call) do { cudaError_t err = (call); if (err != cudaSuccess) { fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorString(err), __FILE__, __LINE__); exit(1);} } while (0)

#define CUDA_CHECK_LAST()                                                     \
    do {                                                                      \
        cudaError_t err_ = cudaGetLastError();                                \
        if (err_ != cudaSuccess) {                                            \
            fprintf(stderr, "kernel launch failed: %s (%s)\n",                \
                    cudaGetErrorName(err_), cudaGetErrorString(err_));        \
            exit(1);                                                          \
        }                                                                     \
    } while (0)

#define LAUNCH_AND_CHECK(kernel, grid, block, ...)                            \
    do {                                                                      \
        kernel<<<(grid), (block)>>>(__VA_ARGS__);                             \
        CUDA_CHECK_LAST();                                                    \
        CUDA_CHECK(cudaDeviceSynchronize());                                  \
    } while (0)

#define ALLOC_DEVICE(ptr, count) CUDA_CHECK(cudaMalloc((void **)&(ptr), (count) * sizeof(*(ptr))))

#ifdef __CUDACC__
#define HD __host__ __device__
#else
#define HD
#endif

HD inline float lerp(float a, float b, float t) { return a + t * (b - a); }

__global__ void blend(const float *a, const float *b, float *out, int n, float t)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800  // expect: HP502
    // Ampere and newer: keep the inputs out of L1 since they are read once.
    out[i] = lerp(__ldcs(a + i), __ldcs(b + i), t);
#else
    out[i] = lerp(a[i], b[i], t);
#endif
}

int main()
{
    const int n = 1 << 20;
    float *a, *b, *out;
    ALLOC_DEVICE(a, n);
    ALLOC_DEVICE(b, n);
    ALLOC_DEVICE(out, n);
    CUDA_CHECK(cudaMemset(a, 0, n * sizeof(float)));
    CUDA_CHECK(cudaMemset(b, 0, n * sizeof(float)));

#if CUDA_VERSION >= 11000  // expect: HP702
    // Scratch space from the stream-ordered allocator.
    cudaStream_t s;
    CUDA_CHECK(cudaStreamCreate(&s));
    float *tmp = nullptr;
    CUDA_CHECK(cudaMallocAsync((void **)&tmp, n * sizeof(float), s));
    CUDA_CHECK(cudaFreeAsync(tmp, s));
    CUDA_CHECK(cudaStreamSynchronize(s));
    CUDA_CHECK(cudaStreamDestroy(s));
#endif

    LAUNCH_AND_CHECK(blend, (n + 255) / 256, 256, a, b, out, n, 0.25f);
    CUDA_CHECK(cudaFree(a));
    CUDA_CHECK(cudaFree(b));
    CUDA_CHECK(cudaFree(out));
    printf("ok\n");
    return 0;
}
