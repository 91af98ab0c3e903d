// hipify-plus-test: rocm-version=6.2 arch=gfx90a,gfx942
// Two half-precision WMMA GEMMs: one tile per warp numbered across the grid (the host sizes the
// grid from 32-thread warps), and eight warps per block that share staged tiles in shared
// memory, each lane copying 16 bytes (warps numbered per block, lanes per warp).
#include <cstdio>
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>
#include <rocwmma/rocwmma.hpp>

namespace wmma = rocwmma;

#define TILE 16
#define WARP_THREADS 32
#define WARPS 8
#define BLOCK_THREADS (WARP_THREADS * WARPS)

__global__ void tile_per_warp(const half* a, const half* b, float* c, int m, int n, int k)
{
    int row_tile = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
    int col_tile = blockIdx.y * blockDim.y + threadIdx.y;
    wmma::fragment<wmma::matrix_a, TILE, TILE, TILE, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, TILE, TILE, TILE, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, TILE, TILE, TILE, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    if (row_tile * TILE >= m || col_tile * TILE >= n)
        return;
    for (int kk = 0; kk < k; kk += TILE) {
        wmma::load_matrix_sync(fa, a + row_tile * TILE * k + kk, k);
        wmma::load_matrix_sync(fb, b + col_tile * TILE * k + kk, k);
        wmma::mma_sync(acc, fa, fb, acc);
    }
    wmma::store_matrix_sync(c + row_tile * TILE * n + col_tile * TILE, acc, n, wmma::mem_row_major);
}

__global__ void staged_tiles(const half* a, const half* b, float* c, int n, int k)
{
    __shared__ half stage[WARPS][2][TILE * TILE];
    const unsigned warp = threadIdx.x / warpSize;
    const unsigned lane = threadIdx.x % WARP_THREADS;
    const int row_tile = blockIdx.x * WARPS + warp;
    const int col_tile = blockIdx.y;
    wmma::fragment<wmma::matrix_a, TILE, TILE, TILE, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, TILE, TILE, TILE, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, TILE, TILE, TILE, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    for (int kk = 0; kk < k; kk += TILE) {
        // 32 lanes copy a 16x16 half tile (512 bytes) of A and of B, 16 bytes each
        const int row = lane / 2, part = lane % 2;
        reinterpret_cast<int4*>(stage[warp][0])[lane] =
            reinterpret_cast<const int4*>(a + (row_tile * TILE + row) * k + kk)[part];
        reinterpret_cast<int4*>(stage[warp][1])[lane] =
            reinterpret_cast<const int4*>(b + (col_tile * TILE + row) * k + kk)[part];
        __syncthreads();
        wmma::load_matrix_sync(fa, stage[warp][0], TILE);
        wmma::load_matrix_sync(fb, stage[warp][1], TILE);
        wmma::mma_sync(acc, fa, fb, acc);
        __syncthreads();
    }
    wmma::store_matrix_sync(c + row_tile * TILE * n + col_tile * TILE, acc, n, wmma::mem_row_major);
}

int main()
{
    const int m = 1024, n = 1024, k = 512;
    half *a, *b;
    float* c;
    hipMalloc(&a, sizeof(half) * m * k);
    hipMalloc(&b, sizeof(half) * n * k);
    hipMalloc(&c, sizeof(float) * m * n);
    hipDeviceProp_t prop;
    hipGetDeviceProperties(&prop, 0);

    dim3 block;
    block.x = 128;
    block.y = 2;
    dim3 grid;
    grid.x = (m + (TILE * block.x / prop.warpSize - 1)) / (TILE * block.x / prop.warpSize);
    grid.y = (n + TILE * block.y - 1) / (TILE * block.y);
    tile_per_warp<<<grid, block>>>(a, b, c, m, n, k);

    staged_tiles<<<dim3(m / (TILE * WARPS), n / TILE), (BLOCK_THREADS) * (prop.warpSize / 32)>>>(a, b, c, n, k);
    hipDeviceSynchronize();
    printf("%s\n", hipGetErrorString(hipGetLastError()));
    hipFree(a);
    hipFree(b);
    hipFree(c);
    return 0;
}
