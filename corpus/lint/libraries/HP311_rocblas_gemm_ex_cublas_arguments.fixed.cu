// hipify-plus-test: select=HP311
// Dense layers after `convert --roc`: the extended GEMMs kept cuBLAS's argument lists.
#include <hip/hip_runtime.h>
#include <rocblas/rocblas.h>

void dense(rocblas_handle handle, int batch, int in_features, int out_features,
           const void* Wh, const void* Xh, float* Y, const float* W, const float* X)
{
    const float alpha = 1.0f, beta = 0.0f;
    rocblas_gemm_ex(handle, rocblas_operation_transpose, rocblas_operation_none,  // expect: HP311
                    out_features, batch, in_features,
                    &alpha,
                    Wh, rocblas_datatype_f16_r, in_features,
                    Xh, rocblas_datatype_f16_r, in_features,
                    &beta,
                    Y, rocblas_datatype_f32_r, out_features, Y, rocblas_datatype_f32_r, out_features,
                    rocblas_datatype_f32_r, rocblas_gemm_algo_standard, 0, rocblas_gemm_flags_none);

    // Already in rocBLAS's shape: D = C in place, solution index 0, no flags.
    rocblas_gemm_ex(handle, rocblas_operation_none, rocblas_operation_none,  // ok: HP311
                    out_features, batch, in_features, &alpha, W, rocblas_datatype_f32_r, out_features,
                    X, rocblas_datatype_f32_r, in_features, &beta, Y, rocblas_datatype_f32_r, out_features,
                    Y, rocblas_datatype_f32_r, out_features, rocblas_datatype_f32_r,
                    rocblas_gemm_algo_standard, 0, rocblas_gemm_flags_none);
}

void attention_scores(rocblas_handle handle, int heads, int seq, int dim, const void* Q, const void* K, void* S)
{
    const float scale = 0.125f, zero = 0.0f;
    rocblas_gemm_strided_batched_ex(handle, rocblas_operation_transpose, rocblas_operation_none,  // expect: HP311
                                    seq, seq, dim, &scale,
                                    K, rocblas_datatype_f16_r, dim, (rocblas_stride)seq * dim,
                                    Q, rocblas_datatype_f16_r, dim, (rocblas_stride)seq * dim,
                                    &zero, S, rocblas_datatype_f16_r, seq, (rocblas_stride)seq * seq, S, rocblas_datatype_f16_r, seq, (rocblas_stride)seq * seq,
                                    heads, rocblas_datatype_f32_r, rocblas_gemm_algo_standard, 0, rocblas_gemm_flags_none);
    // A TF32 compute type has no rocblas_datatype: reported, but not rewritten (see HP312).
    rocblas_gemm_batched_ex(handle, rocblas_operation_none, rocblas_operation_none,  // expect: HP311
                            seq, seq, dim, &scale, (const void**)&K, rocblas_datatype_f32_r, seq,
                            (const void**)&Q, rocblas_datatype_f32_r, dim, &zero, (void**)&S,
                            rocblas_datatype_f32_r, seq, (void**)&S, rocblas_datatype_f32_r, seq, heads, CUBLAS_COMPUTE_32F_FAST_TF32,
                            rocblas_gemm_algo_standard, 0, rocblas_gemm_flags_none);
}
