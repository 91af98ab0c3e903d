// Driver-API code that treats CUdeviceptr as the integer it is in CUDA: after renaming,
// hipDeviceptr_t is void*, and the arithmetic goes through casts that compute the same bytes.
#include <cstdio>
#include <hip/hip_runtime.h>

struct Slice { hipDeviceptr_t base; size_t bytes; };

static hipDeviceptr_t slice_at(hipDeviceptr_t pool, size_t index, size_t bytes)
{
    return (hipDeviceptr_t)((char*)pool + index * bytes);
}

int main()
{
    hipInit(0);
    hipDevice_t device;
    hipDeviceGet(&device, 0);

    const size_t count = 1024, bytes = count * sizeof(float);
    hipDeviceptr_t pool = 0ULL;
    hipMalloc(&pool, 4 * bytes + 256);
    hipDeviceptr_t aligned = (hipDeviceptr_t)(((unsigned long long)pool + 255) & ~255ull);
    Slice slices[4];
    for (int i = 0; i < 4; ++i) {
        slices[i].base = slice_at(aligned, i, bytes);
        slices[i].bytes = bytes;
    }
    hipDeviceptr_t cursor = aligned;
    cursor = (hipDeviceptr_t)((char*)cursor + bytes);
    float host[1024] = {};
    hipMemcpyHtoD((hipDeviceptr_t)((char*)slices[1].base + 16 * sizeof(float)), host, bytes - 16 * sizeof(float));
    size_t used = (unsigned long long)cursor - (unsigned long long)aligned;
    printf("pool %llx, aligned %d, %zu bytes used\n", (unsigned long long)pool, (unsigned long long)aligned % 256 == 0, used);
    hipFree(pool);
    return 0;
}
