// Pinned staging buffer helper; pulls the runtime in under two spellings.
#include "cuda_runtime.h"
#include <cuda_runtime_api.h>
#include <cstdio>
#include <cstring>

struct PinnedBuffer {
    void *host = nullptr;
    void *device = nullptr;
    size_t bytes = 0;
};

static cudaError_t pinned_alloc(PinnedBuffer &b, size_t bytes)
{
    b.bytes = bytes;
    cudaError_t err = cudaHostAlloc(&b.host, bytes, cudaHostAllocPortable);
    if (err != cudaSuccess) return err;
    return cudaMalloc(&b.device, bytes);
}

static void pinned_free(PinnedBuffer &b)
{
    cudaFreeHost(b.host);
    cudaFree(b.device);
    b = PinnedBuffer{};
}

__global__ void increment(unsigned char *data, size_t n)
{
    size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
    if (i < n) data[i] += 1;
}

int main()
{
    PinnedBuffer buf;
    if (pinned_alloc(buf, 1 << 20) != cudaSuccess) {
        printf("allocation failed: %s\n", cudaGetErrorString(cudaGetLastError()));
        return 1;
    }
    memset(buf.host, 41, buf.bytes);
    cudaMemcpy(buf.device, buf.host, buf.bytes, cudaMemcpyHostToDevice);
    increment<<<(unsigned)((buf.bytes + 255) / 256), 256>>>((unsigned char *)buf.device, buf.bytes);
    cudaMemcpy(buf.host, buf.device, buf.bytes, cudaMemcpyDeviceToHost);
    printf("first byte: %d\n", ((unsigned char *)buf.host)[0]);
    pinned_free(buf);
    return 0;
}
