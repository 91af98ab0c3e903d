// hipify-plus-test: select=HP312
// The same step after `convert` (hipBLAS): AMD's hipBLAS rejects both TF32 requests; XF32 math is
// reported for what gfx90a runs.
#include <hipblas/hipblas.h>

void enable_tf32(hipblasHandle_t blas)
{
    hipblasSetMathMode(blas, HIPBLAS_XF32_XDL_MATH);  // expect: HP312
    hipblasSetMathMode(blas, HIPBLAS_DEFAULT_MATH);  // ok: HP312
    hipblasSetMathMode(blas, HIPBLAS_XF32_XDL_MATH);  // expect: HP312
}

void projection(hipblasHandle_t blas, int m, int n, int k, const float* A, const float* B, float* C)
{
    const float one = 1.0f, zero = 0.0f;
    hipblasGemmEx_v2(blas, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &one, A, HIP_R_32F, m, B, HIP_R_32F, k,
                     &zero, C, HIP_R_32F, m, HIPBLAS_COMPUTE_32F /* hipify-plus: TF32 requested: FP32 compute on AMD */, HIPBLAS_GEMM_DEFAULT);  // expect: HP312
}
