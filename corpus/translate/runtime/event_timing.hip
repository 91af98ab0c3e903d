// Measure effective bandwidth of a device-to-device copy kernel with events.
#include <cstdio>
#include <hip/hip_runtime.h>

#define CHECK(x)                                                            \
    do {                                                                    \
        hipError_t e_ = (x);                                               \
        if (e_ != hipSuccess) {                                            \
            printf("error %d (%s) at line %d\n", (int)e_,                   \
                   hipGetErrorString(e_), __LINE__);                       \
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
    CHECK(hipMalloc(&src, n * sizeof(float4)));
    CHECK(hipMalloc(&dst, n * sizeof(float4)));
    CHECK(hipMemset(src, 0, n * sizeof(float4)));

    hipEvent_t start, stop;
    CHECK(hipEventCreate(&start));
    CHECK(hipEventCreateWithFlags(&stop, hipEventBlockingSync));

    copy_kernel<<<1024, 256>>>(dst, src, n);  // warm-up
    CHECK(hipDeviceSynchronize());

    const int reps = 20;
    CHECK(hipEventRecord(start, 0));
    for (int r = 0; r < reps; ++r)
        copy_kernel<<<1024, 256>>>(dst, src, n);
    CHECK(hipEventRecord(stop, 0));
    CHECK(hipEventSynchronize(stop));

    hipError_t launchErr = hipGetLastError();
    if (launchErr != hipSuccess) {
        printf("kernel failed: %s\n", hipGetErrorName(launchErr));
        return 1;
    }

    float ms = 0.0f;
    CHECK(hipEventElapsedTime(&ms, start, stop));
    double gbytes = 2.0 * n * sizeof(float4) * reps / 1e9;
    printf("avg %.3f ms, %.1f GB/s\n", ms / reps, gbytes / (ms / 1e3));

    if (hipEventQuery(stop) == hipErrorNotReady)
        printf("unexpected: stop event still pending\n");

    CHECK(hipEventDestroy(start));
    CHECK(hipEventDestroy(stop));
    CHECK(hipFree(src));
    CHECK(hipFree(dst));
    return 0;
}
