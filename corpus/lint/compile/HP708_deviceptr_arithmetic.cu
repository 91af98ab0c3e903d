// hipify-plus-test: fails-before
// Driver-API code renamed from CUdeviceptr (an unsigned 64-bit integer) to hipDeviceptr_t (void*).
#include <hip/hip_runtime.h>
#include <cstdio>

struct Buffer { hipDeviceptr_t base; size_t bytes; };

static hipDeviceptr_t slot(hipDeviceptr_t base, size_t index, size_t bytes)
{
    return base + index * bytes;  // expect: HP708
}

static size_t used(hipDeviceptr_t begin, hipDeviceptr_t end)
{
    return end - begin;  // expect: HP708
}

void stage(hipDeviceptr_t pool, Buffer* buffer, const float* host, size_t count, char* argBuffer, hipStream_t stream)
{
    const size_t bytes = count * sizeof(float);
    hipDeviceptr_t first = pool + bytes;  // expect: HP708
    hipDeviceptr_t aligned = (first + 255) & ~255ull;  // expect: HP708
    hipDeviceptr_t cursor = pool;  // ok: HP708
    cursor += bytes;  // expect: HP708
    cursor++;  // expect: HP708
    hipMemcpyHtoDAsync(buffer->base + 4 * sizeof(float), (void*)host, bytes, stream);  // expect: HP708
    hipDeviceptr_t slots[2] = {pool, pool + bytes};  // expect: HP708
    hipDeviceptr_t second = slots[1] + 16;  // expect: HP708

    unsigned long long address = pool;  // expect: HP708
    bool misaligned = pool % 256 != 0;  // expect: HP708
    bool inside = pool + bytes <= cursor;  // expect: HP708
    printf("pool at %llx, used %zu\n", pool + 0, used(pool, cursor));  // expect: HP708

    size_t width = 640;
    size_t offset = 0;
    *(reinterpret_cast<hipDeviceptr_t*>(&argBuffer[offset])) = width;  // expect: HP708
    hipDeviceptr_t raw = width;  // expect: HP708

    // what compiles and means the same in HIP
    hipDeviceptr_t none = 0;  // ok: HP708
    bool empty = pool == 0 || pool == nullptr;  // ok: HP708
    bool before = pool < cursor;  // ok: HP708
    size_t value = (size_t)pool;  // ok: HP708
    hipDeviceptr_t moved = (hipDeviceptr_t)((char*)pool + bytes);  // ok: HP708
    if (pool) {}  // ok: HP708
    *(reinterpret_cast<hipDeviceptr_t*>(&argBuffer[offset])) = pool;  // ok: HP708
    printf("%zu %d %d %d %p %p %p %p %llu\n", value, misaligned, inside, empty && before, none, moved, aligned,  // ok: HP708
           second, address);
    (void)slot(pool, 1, bytes);
    (void)raw;
}
