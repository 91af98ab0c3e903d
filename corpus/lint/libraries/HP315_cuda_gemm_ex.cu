// hipify-plus-test: select=HP315 arch=gfx942
// The CUDA original, built for MI300 only: no denormal flush there.
#include <cublas_v2.h>

void mixed_precision(cublasHandle_t h, int m, int n, int k, const void* A, const void* B, float* C)
{
    const float one = 1.0f, zero = 0.0f;
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, A, CUDA_R_16F, m, B, CUDA_R_16F, k,  // ok: HP315
                 &zero, C, CUDA_R_32F, m, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}
