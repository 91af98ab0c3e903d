// Measure effective bandwidth of a device-to-device copy kernel with events.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(x)                                                            \
    do {                                                                    \
        cudaError_t e_ = (x);                                               \
        if (e_ != cudaSuccess) {                                            \
            printf("error %d (%s) at line %d\n", (int)e_,                   \
                   cudaGetErrorString(e_), __LINE__);                       \
            return 1;                                                       \
        }                                                                   \
    } while (0)

__global__ void copy_kernel(float4 *dst, const float4 *src, size_t n)
{
    size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += stride)
        dst[i] = src[i];
}

int main()
{
    const size_t n = 64u << 20;  // float4 elements
    float4 *src, *dst;
    CHECK(cudaMalloc(&src, n * sizeof(float4)));
    CHECK(cudaMalloc(&dst, n * sizeof(float4)));
    CHECK(cudaMemset(src, 0, n * sizeof(float4)));

    cudaEvent_t start, stop;
    CHECK(cudaEventCreate(&start));
    CHECK(cudaEventCreateWithFlags(&stop, cudaEventBlockingSync));

    copy_kernel<<<1024, 256>>>(dst, src, n);  // warm-up
    CHECK(cudaDeviceSynchronize());

    const int reps = 20;
    CHECK(cudaEventRecord(start, 0));
    for (int r = 0; r < reps; ++r)
        copy_kernel<<<1024, 256>>>(dst, src, n);
    CHECK(cudaEventRecord(stop, 0));
    CHECK(cudaEventSynchronize(stop));

    cudaError_t launchErr = cudaGetLastError();
    if (launchErr != cudaSuccess) {
        printf("kernel failed: %s\n", cudaGetErrorName(launchErr));
        return 1;
    }

    float ms = 0.0f;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    double gbytes = 2.0 * n * sizeof(float4) * reps / 1e9;
    printf("avg %.3f ms, %.1f GB/s\n", ms / reps, gbytes / (ms / 1e3));

    if (cudaEventQuery(stop) == cudaErrorNotReady)
        printf("unexpected: stop event still pending\n");

    CHECK(cudaEventDestroy(start));
    CHECK(cudaEventDestroy(stop));
    CHECK(cudaFree(src));
    CHECK(cudaFree(dst));
    return 0;
}
