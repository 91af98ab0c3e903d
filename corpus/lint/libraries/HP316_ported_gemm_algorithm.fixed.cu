// hipify-plus-test: select=HP316
// After `convert`: the unmapped algorithm value survived into the hipBLAS call.
#include <hipblas/hipblas.h>

void layer(hipblasHandle_t h, int m, int n, int k, const void* A, const void* B, void* C)
{
    const float one = 1.0f, zero = 0.0f;
    hipblasGemmEx_v2(h, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &one, A, HIP_R_16F, m, B, HIP_R_16F, k, &zero,
                     C, HIP_R_16F, m, HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT);  // expect: HP316
}
