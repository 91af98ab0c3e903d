// Device/host splits and feature checks written against __CUDA_ARCH__.
#include <cuda_runtime.h>
#include <cstdio>

__host__ __device__ inline float fast_exp(float x)
{
#ifdef __CUDA_ARCH__  // expect: HP502
    return __expf(x);
#else
    return expf(x);
#endif
}

__host__ __device__ inline void report(int code)
{
#ifndef __CUDA_ARCH__  // expect: HP502
    std::printf("error %d\n", code);
#endif
}

__host__ __device__ inline int on_device()
{
#if defined(__CUDA_ARCH__)  // expect: HP502
    return 1;
#elif !defined(__CUDA_ARCH__) /* host */  // expect: HP502
    return 0;
#endif
}

__device__ inline float fma_or_mad(float a, float b, float c)
{
#if __CUDA_ARCH__ >= 800  // expect: HP502
    return __fmaf_rn(a, b, c);
#else
    return a * b + c;
#endif
}

__device__ inline unsigned lane()
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700  // expect: HP502
    unsigned l;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(l));
    return l;
#else
    return threadIdx.x % warpSize;
#endif
}

__device__ inline void pause()
{
#ifdef __CUDA_ARCH__  // expect: HP502
    __nanosleep(100);
#endif
}

__device__ inline int arch_number()
{
    return __CUDA_ARCH__;  // expect: HP502
}

#define ON_DEVICE_PASS (defined(__CUDA_ARCH__))  // expect: HP502

__host__ __device__ inline int portable_device()
{
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)  // ok: HP502
    return 1;
#else
    return 0;
#endif
}

__device__ inline int amd_first()
{
#if defined(__HIP_PLATFORM_AMD__)
    return 64;
#elif __CUDA_ARCH__ >= 800  // ok: HP502
    return 32;
#else
    return 32;
#endif
}

#ifndef __HIP_PLATFORM_AMD__
#  if __CUDA_ARCH__ >= 900  // ok: HP502
#    define HAS_TMA 1
#  endif
#endif

__host__ __device__ inline int amd_device_first()
{
#if defined(__HIP_DEVICE_COMPILE__)
    return 2;
#elif defined(__CUDA_ARCH__)  // ok: HP502
    return 1;
#else
    return 0;
#endif
}
