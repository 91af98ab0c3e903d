// hipify-plus-test: rocm-version=6.2 arch=gfx942
// tf32 on MI300 only: rocWMMA's xfloat32_t (XF32 matrix instructions), loads cast from float.
#include <hip/hip_runtime.h>
#include <rocwmma/rocwmma.hpp>

namespace wmma = rocwmma;

__global__ void xf32_tile(const float* a, const float* b, float* c, int n, int k)
{
    int tile = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;
    rocwmma::fragment<rocwmma::matrix_a, 16, 16, 8, rocwmma::xfloat32_t, rocwmma::row_major> fa;
    rocwmma::fragment<rocwmma::matrix_b, 16, 16, 8, rocwmma::xfloat32_t, rocwmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    for (int kk = 0; kk < k; kk += 8) {
        wmma::load_matrix_sync(fa, reinterpret_cast<const rocwmma::xfloat32_t*>(a + tile * 16 * k + kk), k);
        wmma::load_matrix_sync(fb, reinterpret_cast<const rocwmma::xfloat32_t*>(b + blockIdx.y * 16 * k + kk), k);
        wmma::mma_sync(acc, fa, fb, acc);
    }
    wmma::store_matrix_sync(c + tile * 16 * n + blockIdx.y * 16, acc, n, wmma::mem_row_major);
}

void run(const float* a, const float* b, float* c, int m, int n, int k)
{
    hipDeviceProp_t props;
    hipGetDeviceProperties(&props, 0);
    const int threads = 256;
    xf32_tile<<<dim3((m + threads / props.warpSize * 16 - 1) / (threads / props.warpSize * 16), n / 16), threads>>>(a, b, c, n, k);
}
