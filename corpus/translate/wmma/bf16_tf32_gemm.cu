// hipify-plus-test: rocm-version=6.2 arch=gfx90a,gfx942
// bf16 and tf32 WMMA tiles behind the sm_80 test nvcc needs for them. On gfx90a there is no
// XF32, so tf32 runs as fp32 (a warning); bf16 fragments are hip_bfloat16 in rocWMMA.
#include <cuda_bf16.h>
#include <cuda_runtime.h>
#include <mma.h>

using namespace nvcuda;

__global__ void bf16_tile(const __nv_bfloat16* a, const __nv_bfloat16* b, float* c, int n, int k)
{
#if __CUDA_ARCH__ >= 800
    int tile = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    for (int kk = 0; kk < k; kk += 16) {
        wmma::load_matrix_sync(fa, a + tile * 16 * k + kk, k);
        wmma::load_matrix_sync(fb, b + blockIdx.y * 16 * k + kk, k);
        wmma::mma_sync(acc, fa, fb, acc);
    }
    wmma::store_matrix_sync(c + tile * 16 * n + blockIdx.y * 16, acc, n, wmma::mem_row_major);
#endif
}

__global__ void tf32_tile(const float* a, const float* b, float* c, int n, int k)
{
#if __CUDA_ARCH__ >= 800
    int tile = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;  // expect: HP507
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> fb;  // expect: HP507
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    for (int kk = 0; kk < k; kk += 8) {
        wmma::load_matrix_sync(fa, a + tile * 16 * k + kk, k);
        wmma::load_matrix_sync(fb, b + blockIdx.y * 16 * k + kk, k);
        for (int t = 0; t < fa.num_elements; t++)
            fa.x[t] = wmma::__float_to_tf32(fa.x[t]);
        for (int t = 0; t < fb.num_elements; t++)
            fb.x[t] = wmma::__float_to_tf32(fb.x[t]);
        wmma::mma_sync(acc, fa, fb, acc);
    }
    wmma::store_matrix_sync(c + tile * 16 * n + blockIdx.y * 16, acc, n, wmma::mem_row_major);
#endif
}

void run(const __nv_bfloat16* a16, const __nv_bfloat16* b16, const float* a32, const float* b32, float* c,
         int m, int n, int k)
{
    cudaDeviceProp props;
    cudaGetDeviceProperties(&props, 0);
    dim3 block(128, 1);
    dim3 grid((m + 16 * block.x / 32 - 1) / (16 * block.x / 32), n / 16);
    bf16_tile<<<grid, block>>>(a16, b16, c, n, k);
    tf32_tile<<<grid, block>>>(a32, b32, c, n, k);
}
