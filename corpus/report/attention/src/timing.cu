#include <cuda_runtime.h>
#include <cstdio>

__global__ void touch(float* a) { a[blockIdx.x * blockDim.x + threadIdx.x] += 1.f; }

float time_touch(float* a, int n)
{
    cudaEvent_t start, stop;
    cudaEventCreate(&start);
    cudaEventCreate(&stop);
    cudaEventRecord(start);
    touch<<<n / 1024, 1024>>>(a);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    float ms = 0.f;
    cudaEventElapsedTime(&ms, start, stop);
    cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice,
                                       cudaFlushGPUDirectRDMAWritesToOwner);
    std::printf("%f ms\n", ms);
    return ms;
}
