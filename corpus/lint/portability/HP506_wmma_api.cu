// A tensor-core GEMM tile written with CUDA WMMA (one 16x16 tile per 32-thread warp).
#include <mma.h>  // expect: HP506
#include <cuda_fp16.h>
using namespace nvcuda;

#define WMMA_M 16
#define WMMA_N 16
#define WMMA_K 16
#define WARP_SIZE 32

__global__ void wmma_gemm(const half* a, const half* b, float* c, int m, int n, int k)
{
    int warp_m = (blockIdx.x * blockDim.x + threadIdx.x) / WARP_SIZE;  // expect: HP508
    int warp_n = blockIdx.y * blockDim.y + threadIdx.y;
    int lane_group = threadIdx.x / warpSize;  // ok: HP508
    int half_block = blockDim.x / 32;  // ok: HP508

    wmma::fragment<wmma::matrix_a, WMMA_M, WMMA_N, WMMA_K, half, wmma::row_major> a_frag;  // ok: HP507
    wmma::fragment<wmma::matrix_b, WMMA_M, WMMA_N, WMMA_K, half, wmma::col_major> b_frag;  // ok: HP507
    wmma::fragment<wmma::accumulator, WMMA_M, WMMA_N, WMMA_K, float> acc;  // ok: HP507
    wmma::fill_fragment(acc, 0.0f);
    for (int i = 0; i < k; i += WMMA_K) {
        wmma::load_matrix_sync(a_frag, a + warp_m * WMMA_M * k + i, k);
        wmma::load_matrix_sync(b_frag, b + warp_n * WMMA_N * k + i, k);
        wmma::mma_sync(acc, a_frag, b_frag, acc);
    }
    wmma::store_matrix_sync(c + warp_m * WMMA_M * n + warp_n * WMMA_N, acc, n, wmma::mem_row_major);
    (void)lane_group;
    (void)half_block;
}

__global__ void skinny_tiles(const half* a, const double* d, float* c)
{
    const int tid = threadIdx.x;
    const int warp = tid >> 5;  // expect: HP508
    nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 32, 8, 16, half, nvcuda::wmma::row_major> a_frag;  // expect: HP507
    wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> d_frag;  // expect: HP507
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> t_frag;  // expect: HP507
    wmma::fragment<wmma::matrix_a, 8, 8, 128, wmma::experimental::precision::b1, wmma::row_major> b_frag;  // expect: HP507
    wmma::load_matrix_sync(a_frag, a + warp * 256, 16);
    (void)d; (void)c; (void)d_frag; (void)t_frag; (void)b_frag;
}

__global__ void no_wmma_here(int* out)
{
    out[threadIdx.x / 32] = 1;  // ok: HP508
}
