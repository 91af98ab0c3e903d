// hipify-plus-test: select=HP318 rocm-version=5.7
// hipBLAS GEMMs written for ROCm 6 (the _v2 functions), built against ROCm 5.7's hipBLAS 1.1,
// where every type and the compute type are hipblasDatatype_t.
#include <hipblas/hipblas.h>

void dense(hipblasHandle_t h, const void* W, const void* X, void* Y, int m, int n, int k)
{
    const float alpha = 1.0f, beta = 0.0f;
    hipblasGemmEx_v2(h, HIPBLAS_OP_T, HIPBLAS_OP_N, m, n, k, &alpha, W, HIP_R_16F, k,  // expect: HP318
                     X, HIP_R_16F, k, &beta, Y, HIP_R_32F, m, HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT);
    // Already the 5.x form.
    hipblasGemmEx(h, HIPBLAS_OP_T, HIPBLAS_OP_N, m, n, k, &alpha, W, HIPBLAS_R_16F, k,  // ok: HP318
                  X, HIPBLAS_R_16F, k, &beta, Y, HIPBLAS_R_32F, m, HIPBLAS_R_32F, HIPBLAS_GEMM_DEFAULT);
}

void scores(hipblasHandle_t h, const void* Q, const void* K, void* S, int heads, int seq, int dim,
            hipDataType io_type)
{
    const float scale = 0.125f, zero = 0.0f;
    // bf16 is HIPBLAS_R_16B in hipBLAS 1.x; the variable's hipDataType cannot be respelled.
    hipblasGemmStridedBatchedEx_v2(h, HIPBLAS_OP_T, HIPBLAS_OP_N, seq, seq, dim, &scale,  // expect: HP318
                                   K, HIP_R_16BF, dim, (hipblasStride)seq * dim,
                                   Q, HIP_R_16BF, dim, (hipblasStride)seq * dim,
                                   &zero, S, io_type, seq, (hipblasStride)seq * seq, heads,
                                   HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT);
}

void projection(hipblasHandle_t h, const float* const* A, const float* const* B, float* const* C,
                int m, int n, int k, int batch)
{
    const float one = 1.0f, zero = 0.0f;
    // cuBLAS's `const void* const*` arrays are `const void**` / `void**` in hipBLAS.
    hipblasGemmBatchedEx_v2(h, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &one,  // expect: HP318
                            (const void* const*)A, HIP_R_32F, m, (const void* const*)B, HIP_R_32F, k,
                            &zero, (void* const*)C, HIP_R_32F, m, batch, HIPBLAS_COMPUTE_32F,
                            HIPBLAS_GEMM_DEFAULT);
}
