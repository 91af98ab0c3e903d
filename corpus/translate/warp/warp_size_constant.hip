// hipify-plus-test: rocm-version=7.0
// warpSize sized shared arrays and tiles at compile time: from ROCm 7.0 it is a runtime value.
#include <hip/hip_runtime.h>

// HP_WARP_SIZE (hipify-plus): compile-time wavefront size of the device pass. The AMD host
// pass sees 64 even for RDNA targets: host code must query hipDeviceAttributeWarpSize.
#ifndef HP_WARP_SIZE
#if defined(__HIP__) && (!defined(__HIP_DEVICE_COMPILE__) || defined(__GFX8__) || defined(__GFX9__))
#define HP_WARP_SIZE 64
#else
#define HP_WARP_SIZE 32
#endif
#endif

__global__ void block_sum(const float *x, float *out, int n)
{
    __shared__ float partial[HP_WARP_SIZE];  // a compile error on ROCm 7: convert writes HP_WARP_SIZE
    int lane = threadIdx.x % warpSize;  // a runtime use: stays
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? x[i] : 0.0f;
    if (threadIdx.x < warpSize) partial[lane] = 0.0f;
    __syncthreads();
    atomicAdd(&partial[lane], v);
    __syncthreads();
    if (threadIdx.x == 0) {
        float s = 0.0f;
        for (int k = 0; k < warpSize; ++k) s += partial[k];
        atomicAdd(out, s);
    }
}

constexpr int kTile = warpSize * 2;  // expect: HP106
