// hipify-plus-test: rocm-version=6.2 arch=gfx90a
// WMMA code the port refuses, each blocker reported where it is: u8 inputs (rocWMMA has no u8
// matrix instruction), CUDA's 32x8x16 shape, a warp reduction with shuffles, a grid that is not
// derived from 32-thread warps. The file keeps its CUDA WMMA spelling.
#include <cuda_runtime.h>
#include <mma.h>  // expect: HP506

using namespace nvcuda;

__global__ void u8_tile(const unsigned char* a, const unsigned char* b, int* c, int n)
{
    int tile = (blockIdx.x * blockDim.x + threadIdx.x) / 32;  // expect: HP508
    wmma::fragment<wmma::matrix_a, 16, 16, 16, unsigned char, wmma::row_major> fa;  // expect: HP507
    wmma::fragment<wmma::matrix_b, 16, 16, 16, unsigned char, wmma::col_major> fb;  // expect: HP507
    wmma::fragment<wmma::accumulator, 16, 16, 16, int> acc;
    wmma::fill_fragment(acc, 0);
    wmma::load_matrix_sync(fa, a + tile * 256, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(c + tile * 16 * n, acc, n, wmma::mem_row_major);
}

__global__ void tall_tile(const half* a, const half* b, float* c, float* sums)
{
    const int warp = threadIdx.x >> 5;  // expect: HP508
    wmma::fragment<wmma::matrix_a, 32, 8, 16, half, wmma::row_major> fa;  // expect: HP507
    wmma::fragment<wmma::matrix_b, 32, 8, 16, half, wmma::col_major> fb;  // expect: HP507
    wmma::fragment<wmma::accumulator, 32, 8, 16, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    wmma::load_matrix_sync(fa, a + warp * 512, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(c + warp * 256, acc, 8, wmma::mem_row_major);
    float s = acc.x[0];
    for (int o = 16; o > 0; o /= 2)
        s += __shfl_down_sync(0xffffffff, s, o);  // expect: HP008
    if (threadIdx.x % 32 == 0)
        sums[warp] = s;
}

void run(const unsigned char* a8, const unsigned char* b8, int* c8, const half* a, const half* b, float* c,
         float* sums, int n)
{
    cudaDeviceProp prop;
    cudaGetDeviceProperties(&prop, 0);
    u8_tile<<<n / 64, 128>>>(a8, b8, c8, n);  // expect: HP508
    tall_tile<<<4, 256>>>(a, b, c, sums);
}
