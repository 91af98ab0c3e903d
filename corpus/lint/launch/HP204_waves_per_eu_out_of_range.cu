// hipify-plus-test: unsafe-fixes
// Occupancy requests beyond what a gfx90a SIMD runs: the compiler drops them without a word.
#include <hip/hip_runtime.h>

__global__ void __attribute__((amdgpu_waves_per_eu(12))) gather_rows(const float* in, float* out)  // expect: HP204
{
    out[threadIdx.x] = in[threadIdx.x * 2];
}

__global__ void __attribute__((amdgpu_flat_work_group_size(1, 256), amdgpu_waves_per_eu(4, 10))) scatter_rows(float* x)  // expect: HP204
{
    x[threadIdx.x * 2] = 1.0f;
}

// The HIP documentation's formula: (256 threads * 2 blocks) / 32 = 16.
__global__ void __launch_bounds__(256, 16) converted_by_the_docs(float* x)  // expect: HP203, HP204
{
    x[threadIdx.x] = 0.0f;
}

__global__ void __attribute__((amdgpu_waves_per_eu(8))) at_the_limit(float* x)  // ok: HP204
{
    x[threadIdx.x] = 2.0f;
}

__global__ void __launch_bounds__(256, 2) two_blocks(float* x)  // ok: HP203, HP204
{
    x[threadIdx.x] = 3.0f;
}
