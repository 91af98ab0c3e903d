// hipify-plus-test: select=HP318 rocm-version=7.0
// ROCm 6 hipBLAS code built against ROCm 7's hipBLAS 3.0: the _v2 names are gone and the plain
// names take hipDataType and hipblasComputeType_t.
#include <hipblas/hipblas.h>

void dense(hipblasHandle_t h, const void* W, const void* X, void* Y, int m, int n, int k)
{
    const float alpha = 1.0f, beta = 0.0f;
    hipblasGemmEx_v2(h, HIPBLAS_OP_T, HIPBLAS_OP_N, m, n, k, &alpha, W, HIP_R_16F, k,  // expect: HP318
                     X, HIP_R_16F, k, &beta, Y, HIP_R_32F, m, HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT);
    // hipBLAS 3.x keeps HIPBLAS_R_* as macros for HIP_R_*; the compute type must be a compute type.
    hipblasGemmEx(h, HIPBLAS_OP_T, HIPBLAS_OP_N, m, n, k, &alpha, W, HIPBLAS_R_16F, k,  // expect: HP318
                  X, HIPBLAS_R_16F, k, &beta, Y, HIPBLAS_R_32F, m, HIPBLAS_R_32F, HIPBLAS_GEMM_DEFAULT);
    hipblasGemmEx(h, HIPBLAS_OP_T, HIPBLAS_OP_N, m, n, k, &alpha, W, HIP_R_16F, k,  // ok: HP318
                  X, HIP_R_16F, k, &beta, Y, HIP_R_32F, m, HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT);
}
