// hipify-plus-test: rocm-version=6.2 arch=gfx942
// tf32 on MI300 only: rocWMMA's xfloat32_t (XF32 matrix instructions), loads cast from float.
#include <cuda_runtime.h>
#include <mma.h>

namespace wmma = nvcuda::wmma;

__global__ void xf32_tile(const float* a, const float* b, float* c, int n, int k)
{
    int tile = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 8, nvcuda::wmma::precision::tf32, nvcuda::wmma::row_major> fa;
    nvcuda::wmma::fragment<nvcuda::wmma::matrix_b, 16, 16, 8, nvcuda::wmma::precision::tf32, nvcuda::wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    for (int kk = 0; kk < k; kk += 8) {
        wmma::load_matrix_sync(fa, a + tile * 16 * k + kk, k);
        wmma::load_matrix_sync(fb, b + blockIdx.y * 16 * k + kk, k);
        wmma::mma_sync(acc, fa, fb, acc);
    }
    wmma::store_matrix_sync(c + tile * 16 * n + blockIdx.y * 16, acc, n, wmma::mem_row_major);
}

void run(const float* a, const float* b, float* c, int m, int n, int k)
{
    cudaDeviceProp props;
    cudaGetDeviceProperties(&props, 0);
    const int threads = 256;
    xf32_tile<<<dim3((m + threads / 32 * 16 - 1) / (threads / 32 * 16), n / 16), threads>>>(a, b, c, n, k);
}
