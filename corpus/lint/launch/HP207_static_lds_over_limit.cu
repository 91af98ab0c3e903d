// Static LDS tiles enlarged during a port (gfx950 sizes), built for gfx90a.
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

#define TILE 128

__global__ void gemm_big_tiles(const float* a, const float* b, float* c, int n)
{
    __shared__ float a_tile[TILE][80];  // 40 KiB
    __shared__ float b_tile[TILE][80];  // expect: HP207
    a_tile[threadIdx.y][threadIdx.x] = a[threadIdx.y * n + threadIdx.x];
    b_tile[threadIdx.y][threadIdx.x] = b[threadIdx.y * n + threadIdx.x];
    __syncthreads();
    c[threadIdx.y * n + threadIdx.x] = a_tile[threadIdx.x][threadIdx.y] * b_tile[threadIdx.y][threadIdx.x];
}

__global__ void double_buffer(const double* in, double* out)
{
    __shared__ double stage[2][4096], spare[1];  // expect: HP207
    for (int step = 0; step < 8; ++step) {
        stage[step & 1][threadIdx.x] = in[step * blockDim.x + threadIdx.x];
        if (threadIdx.x == 0) spare[0] = in[step];
        __syncthreads();
        out[step * blockDim.x + threadIdx.x] = stage[step & 1][4095 - threadIdx.x] + spare[0];
    }
}

__global__ void exactly_64k(const float4* in, float4* out)
{
    __shared__ float4 tile[4096];  // ok: HP207
    tile[threadIdx.x] = in[threadIdx.x];
    __syncthreads();
    out[threadIdx.x] = tile[4095 - threadIdx.x];
}

template <int ROWS>
__global__ void templated_tile(const __half* in, __half* out)
{
    __shared__ __half tile[ROWS][1024];  // ok: HP207
    extern __shared__ char scratch[];  // ok: HP207
    tile[0][threadIdx.x] = in[threadIdx.x];
    out[threadIdx.x] = tile[0][threadIdx.x];
}
