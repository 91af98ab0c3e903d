// hipify-plus-test: rocm-version=6.2 arch=gfx90a
// CUDA WMMA code (renamed to HIP) whose warp mapping the port cannot prove: it stays as it is,
// and each blocker is reported where it is.
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <mma.h>  // expect: HP506

using namespace nvcuda;

// threadIdx.x also picks the row a lane loads: the lanes of a 64-lane wavefront would disagree.
__global__ void lane_rows(const half* a, float* c, const float* bias)
{
    const int warp = threadIdx.x / 32;  // expect: HP508
    const float offset = bias[threadIdx.x];
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;  // ok: HP507
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;  // ok: HP507
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, offset);
    wmma::load_matrix_sync(fa, a + warp * 256, 16);
    wmma::load_matrix_sync(fb, a, 16);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(c + warp * 256, acc, 16, wmma::mem_row_major);
}

// Warps numbered across the grid, but a 96-thread block is not whole 64-lane wavefronts.
__global__ void odd_blocks(const half* a, float* c)
{
    const int tile = (blockIdx.x * blockDim.x + threadIdx.x) / 32;  // expect: HP508
    int warps_per_block = blockDim.x / 32;  // ok: HP508
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    wmma::load_matrix_sync(fa, a + tile * 256, 16);
    wmma::load_matrix_sync(fb, a, 16);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(c + tile * 256, acc, 16, wmma::mem_row_major);
    (void)warps_per_block;
}

// tf32 on gfx90a would run as fp32; here it is reported without a fix (the file is not ported).
__global__ void tf32_tiles(const float* a, float* c)
{
    const int tile = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;  // ok: HP508
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;  // expect: HP507
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> fb;  // expect: HP507
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    wmma::load_matrix_sync(fa, a + tile * 128, 8);
    wmma::load_matrix_sync(fb, a, 8);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(c + tile * 256, acc, 16, wmma::mem_row_major);
}

void launch(const half* a, const float* a32, float* c, const float* bias, int m)
{
    lane_rows<<<m / 64, 256>>>(a, c, bias);  // expect: HP508
    hipDeviceProp_t prop;
    hipGetDeviceProperties(&prop, 0);
    dim3 block(96);
    odd_blocks<<<(m + 16 * block.x / 32 - 1) / (16 * block.x / 32), block>>>(a, c);  // expect: HP508
    tf32_tiles<<<m / 64, 128>>>(a32, c);  // expect: HP508
}
