// hipify-plus-test: arch=gfx950
// MI350 (gfx950) gives a workgroup 160 KiB of LDS.
#include <hip/hip_runtime.h>

__global__ void gemm_large_tiles(const float* a, float* c)
{
    __shared__ float a_tile[128][160];  // ok: HP207
    a_tile[threadIdx.y][threadIdx.x] = a[threadIdx.x];
    __syncthreads();
    c[threadIdx.x] = a_tile[threadIdx.x][threadIdx.y];
}

__global__ void gemm_huge_tiles(const float* a, float* c)
{
    __shared__ float a_tile[256][192];  // expect: HP207
    a_tile[threadIdx.y][threadIdx.x] = a[threadIdx.x];
    __syncthreads();
    c[threadIdx.x] = a_tile[threadIdx.x][threadIdx.y];
}
