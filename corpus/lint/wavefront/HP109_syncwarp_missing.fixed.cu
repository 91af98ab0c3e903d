// Warp-synchronous shared-memory exchange written with CUDA's __syncwarp.
#include <hip/hip_runtime.h>

// HP_SYNCWARP (hipify-plus): __syncwarp() for a full warp; AMD lanes run in lockstep, so a
// wavefront-scope fence pair around a wave barrier is enough.
#ifndef HP_SYNCWARP
#if defined(__HIP__)
#define HP_SYNCWARP() (__builtin_amdgcn_fence(__ATOMIC_RELEASE, "wavefront"), __builtin_amdgcn_wave_barrier(), __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "wavefront"))
#else
#define HP_SYNCWARP() __syncwarp()
#endif
#endif

#define FULL 0xffffffff

__global__ void warp_transpose(const float *in, float *out)
{
    __shared__ float stage[256];
    int t = threadIdx.x;
    stage[t] = in[blockIdx.x * 256 + t];
    HP_SYNCWARP();  // expect: HP109
    float mine = stage[t ^ 1];
    HP_SYNCWARP();  // expect: HP103, HP109
    stage[t] = mine * 2.f;
    HP_SYNCWARP();  // expect: HP109
    out[blockIdx.x * 256 + t] = stage[t];
}

__device__ void publish(volatile int *flag, int value, unsigned long long group)
{
    *flag = value;
    __syncwarp(group);  // expect: HP109
}

#if defined(__HIP_PLATFORM_NVIDIA__)
__device__ void cuda_only() { __syncwarp(); }  // ok: HP109 (compiled for NVIDIA only)
#endif
