// Register caps written for MI100 (gfx908), compiled for MI200/MI300.
#include <hip/hip_runtime.h>

__global__ void __attribute__((amdgpu_num_vgpr(64))) fixed_budget(float* x)  // expect: HP212
{
    x[threadIdx.x] = 1.0f;
}

__global__ void __attribute__((amdgpu_num_sgpr(64))) scalar_budget(float* x)  // ok: HP212
{
    x[threadIdx.x] = 2.0f;
}
