// hipify-plus-test: arch=gfx1100 unsafe-fixes
// In-kernel timing with the cycle counter, built for an RDNA3 card.
#include <hip/hip_runtime.h>
#include <ctime>

__global__ void timed(float* x, long long* cycles)
{
    long long start = wall_clock64();  // expect: HP515
    x[threadIdx.x] = sqrtf(x[threadIdx.x]);
    cycles[threadIdx.x] = wall_clock64() - start;  // expect: HP515
    clock_t coarse = wall_clock64();  // expect: HP515
    (void)coarse;
}

__global__ void timed_wall(float* x, long long* ticks)
{
    long long start = wall_clock64();  // ok: HP515
    x[threadIdx.x] += 1.0f;
    ticks[threadIdx.x] = wall_clock64() - start;
}

double host_seconds()
{
    return double(clock()) / CLOCKS_PER_SEC;  // ok: HP515
}
