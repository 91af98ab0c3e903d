// A HIP port that supplies its own versions of missing intrinsics.
#include <hip/hip_runtime.h>

// hipify-plus: CUDA device intrinsics that HIP does not declare, defined for hip-clang (CUDA
// builds keep CUDA's own): __nanosleep.
#if defined(__HIP__)
#ifndef HIP_PLUS__NANOSLEEP
#define HIP_PLUS__NANOSLEEP
// s_sleep waits about 64 clocks per step. CUDA sleeps between 0 and 2*ns; the steps are
// counted at each target's peak clock, so the wait is about ns there and shorter than 2*ns
// down to half that clock.
__device__ inline void __nanosleep(unsigned ns) {
#if defined(__gfx906__)
  const unsigned mhz = 1725;
#elif defined(__gfx908__)
  const unsigned mhz = 1502;
#elif defined(__gfx90a__)
  const unsigned mhz = 1700;
#elif defined(__gfx940__) || defined(__gfx941__) || defined(__gfx942__)
  const unsigned mhz = 2100;
#elif defined(__gfx950__)
  const unsigned mhz = 2400;
#elif defined(__gfx1030__)
  const unsigned mhz = 2250;
#elif defined(__gfx1100__)
  const unsigned mhz = 2500;
#elif defined(__gfx1101__)
  const unsigned mhz = 2430;
#elif defined(__gfx1102__)
  const unsigned mhz = 2655;
#elif defined(__gfx1200__)
  const unsigned mhz = 2460;
#elif defined(__gfx1201__)
  const unsigned mhz = 2970;
#else
  const unsigned mhz = 1000;
#endif
  for (unsigned long long steps = (unsigned long long)ns * mhz / 64000; steps > 0; --steps) __builtin_amdgcn_s_sleep(1);
}
#endif
#endif

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
