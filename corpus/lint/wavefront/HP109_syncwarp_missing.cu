// Warp-synchronous shared-memory exchange written with CUDA's __syncwarp.
#include <hip/hip_runtime.h>

#define FULL 0xffffffff

__global__ void warp_transpose(const float *in, float *out)
{
    __shared__ float stage[256];
    int t = threadIdx.x;
    stage[t] = in[blockIdx.x * 256 + t];
    __syncwarp();  // expect: HP109
    float mine = stage[t ^ 1];
    __syncwarp(FULL);  // expect: HP103, HP109
    stage[t] = mine * 2.f;
    __syncwarp(__activemask());  // expect: HP109
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
