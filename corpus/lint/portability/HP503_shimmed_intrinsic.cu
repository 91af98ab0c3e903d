// A HIP port that supplies its own versions of missing intrinsics.
#include <hip/hip_runtime.h>

#ifdef __HIP_PLATFORM_AMD__
#define __trap() __builtin_trap()
__device__ inline int __dp4a(int a, int b, int c)
{
    int sum = c;
    for (int k = 0; k < 4; ++k) sum += (signed char)(a >> 8 * k) * (signed char)(b >> 8 * k);
    return sum;
}
#endif

__global__ void dot(const int* a, const int* b, int* c)
{
    c[threadIdx.x] = __dp4a(a[threadIdx.x], b[threadIdx.x], 0);  // ok: HP503
    if (c[threadIdx.x] < 0) __trap();  // ok: HP503
    __nanosleep(100);  // expect: HP503
}
