// hipDeviceptr_t arithmetic HP708 reports without a fix. The legacy pool is an optional code
// path that this build does not compile (its macro is not defined), so the file still compiles.
#include <hip/hip_runtime.h>

struct Range { hipDeviceptr_t begin; size_t bytes; };

void rotate(hipDeviceptr_t pool, hipDeviceptr_t other, bool second, size_t bytes)
{
    hipDeviceptr_t pick = second ? (hipDeviceptr_t)((char*)pool + bytes) : pool;  // ok: HP708
    (void)pick;
#ifdef USE_LEGACY_POOL
    auto chosen = second ? pool + bytes : pool;  // expect: HP708
    hipDeviceptr_t sum = pool + other;  // expect: HP708
    hipDeviceptr_t cursor = pool;
    hipMemsetD8(cursor++, 0, bytes);  // expect: HP708
    cursor += other;  // expect: HP708
    Range range = {pool + bytes, bytes};  // expect: HP708
#endif
}
