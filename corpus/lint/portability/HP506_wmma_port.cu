// hipify-plus-test: rocm-version=6.2 arch=gfx90a,gfx942
// CUDA WMMA code as convert leaves it after renaming (HIP runtime, CUDA's WMMA spelling): every
// fragment runs with matrix instructions on gfx90a and gfx942, so the fix ports the file.
#include <hip/hip_runtime.h>
#include <hip/hip_bf16.h>
#include <hip/hip_fp16.h>
#include <mma.h>  // expect: HP506

using namespace nvcuda;

#define WARP_THREADS 32
#define WARPS_PER_BLOCK 4

// One 16x16 tile per warp, warps numbered across the grid.
__global__ void gemm_tiles(const half* a, const half* b, float* c, int n, int k)
{
    const int tile_m = (blockIdx.x * blockDim.x + threadIdx.x) / WARP_THREADS;  // expect: HP508
    const int tile_n = blockIdx.y;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;  // ok: HP507
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;  // ok: HP507
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    for (int kk = 0; kk < k; kk += 16) {
        wmma::load_matrix_sync(fa, a + tile_m * 16 * k + kk, k);
        wmma::load_matrix_sync(fb, b + tile_n * 16 * k + kk, k);
        wmma::mma_sync(acc, fa, fb, acc);
    }
    wmma::store_matrix_sync(c + tile_m * 16 * n + tile_n * 16, acc, n, wmma::mem_row_major);
}

// Four warps per block; each lane of a warp zeroes 8 floats of its warp's staging tile.
__global__ void staged_bf16(const __hip_bfloat16* a, const __hip_bfloat16* b, float* c, int n)
{
#if __CUDA_ARCH__ >= 800  // expect: HP502
    __shared__ float out[WARPS_PER_BLOCK][256];
    const unsigned warp = threadIdx.x / WARP_THREADS;  // expect: HP508
    const unsigned lane = threadIdx.x % WARP_THREADS;
    for (int i = 0; i < 8; i++)
        out[warp][lane * 8 + i] = 0.0f;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __hip_bfloat16, wmma::row_major> fa;  // ok: HP507
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __hip_bfloat16, wmma::col_major> fb;  // ok: HP507
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::load_matrix_sync(acc, out[warp], 16, wmma::mem_row_major);
    wmma::load_matrix_sync(fa, a + (blockIdx.x * WARPS_PER_BLOCK + warp) * 256, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(c + (blockIdx.x * WARPS_PER_BLOCK + warp) * 16 * n, acc, n, wmma::mem_row_major);
#endif
}

// tf32: gfx90a has no XF32, so both targets get fp32 fragments (a warning that the fix keeps).
__global__ void tf32_tiles(const float* a, float* c, int n)
{
    const int tile = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;  // ok: HP508
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;  // expect: HP507
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> fb;  // expect: HP507
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    wmma::load_matrix_sync(fa, a + tile * 128, 8);
    wmma::load_matrix_sync(fb, a, 8);
    for (int t = 0; t < fa.num_elements; t++)
        fa.x[t] = wmma::__float_to_tf32(fa.x[t]);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(c + tile * 16 * n, acc, n, wmma::mem_row_major);
}

void launch(const half* a, const half* b, const __hip_bfloat16* a16, const __hip_bfloat16* b16, float* c,
            int m, int n, int k)
{
    hipDeviceProp_t prop;
    hipGetDeviceProperties(&prop, 0);
    dim3 block(128, 1);
    dim3 grid((m + 16 * block.x / 32 - 1) / (16 * block.x / 32), n / 16);
    gemm_tiles<<<grid, block>>>(a, b, c, n, k);
    staged_bf16<<<m / (16 * WARPS_PER_BLOCK), WARP_THREADS * WARPS_PER_BLOCK>>>(a16, b16, c, n);
    tf32_tiles<<<grid, block>>>(reinterpret_cast<const float*>(a), c, n);
}
