// Driver-API code that treats CUdeviceptr as the integer it is in CUDA: after renaming,
// hipDeviceptr_t is void*, and the arithmetic goes through casts that compute the same bytes.
#include <cstdio>
#include <cuda.h>

struct Slice { CUdeviceptr base; size_t bytes; };

static CUdeviceptr slice_at(CUdeviceptr pool, size_t index, size_t bytes)
{
    return pool + index * bytes;
}

int main()
{
    cuInit(0);
    CUdevice device;
    cuDeviceGet(&device, 0);

    const size_t count = 1024, bytes = count * sizeof(float);
    CUdeviceptr pool = 0ULL;
    cuMemAlloc(&pool, 4 * bytes + 256);
    CUdeviceptr aligned = (pool + 255) & ~255ull;
    Slice slices[4];
    for (int i = 0; i < 4; ++i) {
        slices[i].base = slice_at(aligned, i, bytes);
        slices[i].bytes = bytes;
    }
    CUdeviceptr cursor = aligned;
    cursor += bytes;
    float host[1024] = {};
    cuMemcpyHtoD(slices[1].base + 16 * sizeof(float), host, bytes - 16 * sizeof(float));
    size_t used = cursor - aligned;
    printf("pool %llx, aligned %d, %zu bytes used\n", (unsigned long long)pool, aligned % 256 == 0, used);
    cuMemFree(pool);
    return 0;
}
