// hipify-plus-test: select=HP315 arch=gfx90a,gfx942
// Mixed-precision GEMMs of a transformer layer (fp16 storage, fp32 accumulation).
#include <hipblas/hipblas.h>
#include <rocblas/rocblas.h>

void mixed_precision(hipblasHandle_t hb, rocblas_handle rb, int m, int n, int k,
                     const void* A, const void* B, void* C, float* Cf)
{
    const float one = 1.0f, zero = 0.0f;
    hipblasGemmEx_v2(hb, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &one, A, HIP_R_16F, m, B, HIP_R_16F, k,  // expect: HP315
                     &zero, C, HIP_R_16F, m, HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT);
    rocblas_gemm_ex(rb, rocblas_operation_none, rocblas_operation_none, m, n, k, &one,  // expect: HP315
                    A, rocblas_datatype_f16_r, m, B, rocblas_datatype_f16_r, k, &zero,
                    Cf, rocblas_datatype_f32_r, m, Cf, rocblas_datatype_f32_r, m,
                    rocblas_datatype_f32_r, rocblas_gemm_algo_standard, 0, rocblas_gemm_flags_none);
    // Gradients: the alternative fp16 kernel keeps denormals.
    rocblas_gemm_ex(rb, rocblas_operation_none, rocblas_operation_none, m, n, k, &one,  // ok: HP315
                    A, rocblas_datatype_f16_r, m, B, rocblas_datatype_f16_r, k, &zero,
                    Cf, rocblas_datatype_f32_r, m, Cf, rocblas_datatype_f32_r, m,
                    rocblas_datatype_f32_r, rocblas_gemm_algo_standard, 0, rocblas_gemm_flags_fp16_alt_impl);
    // fp16 compute is not the high-precision-accumulate path.
    hipblasGemmEx_v2(hb, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &one, A, HIP_R_16F, m, B, HIP_R_16F, k,  // ok: HP315
                     &zero, C, HIP_R_16F, m, HIPBLAS_COMPUTE_16F, HIPBLAS_GEMM_DEFAULT);
}
