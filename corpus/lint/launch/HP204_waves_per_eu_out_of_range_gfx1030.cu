// hipify-plus-test: arch=gfx1030
// The same attributes for an RDNA2 target: 16 waves per SIMD, wave32, separate VGPR file.
#include <hip/hip_runtime.h>

__global__ void __attribute__((amdgpu_waves_per_eu(12))) gather_rows(const float* in, float* out)  // ok: HP204
{
    out[threadIdx.x] = in[threadIdx.x * 2];
}

__global__ void __attribute__((amdgpu_num_vgpr(64))) fixed_budget(float* x)  // ok: HP212
{
    x[threadIdx.x] = 1.0f;
}

// 2 blocks of 256 threads are 16 waves of 32 lanes: 4 per SIMD, not 2.
__global__ void __launch_bounds__(256, 2) two_blocks(float* x)  // expect: HP203
{
    x[threadIdx.x] = 3.0f;
}

__global__ void __launch_bounds__(64, 24) too_many(float* x)  // expect: HP203, HP204
{
    x[threadIdx.x] = 4.0f;
}
