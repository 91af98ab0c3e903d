// Pinned staging buffer helper; pulls the runtime in under two spellings.
#include "hip/hip_runtime.h"
#include <hip/hip_runtime_api.h>
#include <cstdio>
#include <cstring>

struct PinnedBuffer {
    void *host = nullptr;
    void *device = nullptr;
    size_t bytes = 0;
};

static hipError_t pinned_alloc(PinnedBuffer &b, size_t bytes)
{
    b.bytes = bytes;
    hipError_t err = hipHostAlloc(&b.host, bytes, hipHostMallocPortable);
    if (err != hipSuccess) return err;
    return hipMalloc(&b.device, bytes);
}

static void pinned_free(PinnedBuffer &b)
{
    hipHostFree(b.host);
    hipFree(b.device);
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
    if (pinned_alloc(buf, 1 << 20) != hipSuccess) {
        printf("allocation failed: %s\n", hipGetErrorString(hipGetLastError()));
        return 1;
    }
    memset(buf.host, 41, buf.bytes);
    hipMemcpy(buf.device, buf.host, buf.bytes, hipMemcpyHostToDevice);
    increment<<<(unsigned)((buf.bytes + 255) / 256), 256>>>((unsigned char *)buf.device, buf.bytes);
    hipMemcpy(buf.host, buf.device, buf.bytes, hipMemcpyDeviceToHost);
    printf("first byte: %d\n", ((unsigned char *)buf.host)[0]);
    pinned_free(buf);
    return 0;
}
