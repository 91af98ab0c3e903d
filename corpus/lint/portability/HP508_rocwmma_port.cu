// A rocWMMA port that kept CUDA's 32-thread warp indexing.
#include <hip/hip_runtime.h>
#include <rocwmma/rocwmma.hpp>
namespace wmma = rocwmma;

__global__ void tile_gemm(const rocwmma::float16_t* a, const rocwmma::float16_t* b, float* c, int k)
{
    int warp_id = threadIdx.x / 32;  // expect: HP508
    int wave_id = threadIdx.x / warpSize;  // ok: HP508
    wmma::fragment<wmma::matrix_a, 16, 16, 16, rocwmma::float16_t, wmma::row_major> fa;  // ok: HP507
    wmma::fragment<wmma::matrix_b, 16, 16, 16, rocwmma::float16_t, wmma::col_major> fb;  // ok: HP507
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;  // ok: HP507
    wmma::fill_fragment(acc, 0.0f);
    wmma::load_matrix_sync(fa, a + warp_id * 16 * k, k);
    wmma::load_matrix_sync(fb, b + wave_id * 16 * k, k);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(c + warp_id * 256, acc, 16, wmma::mem_row_major);
}
