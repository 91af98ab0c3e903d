// Launch configuration tuned per platform: only what an AMD build compiles is reported.
#include <hip/hip_runtime.h>

#define THREADS 256

__global__ void scale(float *x, float s)
{
    x[blockIdx.x * THREADS + threadIdx.x] *= s;
}

#if !defined(__HIP_PLATFORM_AMD__)
__global__ void __launch_bounds__(1024, 2) scale_nv(float *x, float s)  // ok: HP203
{
    x[blockIdx.x * THREADS + threadIdx.x] *= s;
}
#else
__global__ void __launch_bounds__(1024, 2) scale_nv(float *x, float s)  // expect: HP203
{
    x[blockIdx.x * THREADS + threadIdx.x] *= s;
}
#endif

void configure(float *x, int n)
{
#ifndef __HIP_PLATFORM_AMD__
    hipFuncSetCacheConfig(reinterpret_cast<const void *>(scale), hipFuncCachePreferL1);  // ok: HP209
    int threads_per_sm = 2048;  // ok: HP211
#endif
#if CUDART_VERSION >= 11000
    hipDeviceSetCacheConfig(hipFuncCachePreferShared);  // ok: HP209 (CUDA 11 only: AMD reads CUDART_VERSION as 0)
#endif
#ifdef __CUDA_ARCH__
    hipDeviceSetSharedMemConfig(hipSharedMemBankSizeEightByte);  // ok: HP209 (hip-clang never defines __CUDA_ARCH__)
#endif
#if 0
    hipDeviceSetCacheConfig(hipFuncCachePreferL1);  // ok: HP209
#endif
    hipDeviceSetCacheConfig(hipFuncCachePreferEqual);  // expect: HP209
    scale<<<n / THREADS, THREADS>>>(x, 2.f);
    scale_nv<<<n / THREADS, THREADS>>>(x, 2.f);
}
