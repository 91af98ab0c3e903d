// hipify-plus-test: rocm-version=5.7 roc
// cuBLAS GEMM_ex calls ported to rocBLAS 3.1 (24-, 25- and 29-argument calls).
#include <cstdio>
#include <hip/hip_runtime.h>
#include <rocblas/rocblas.h>

#define CUBLAS_CHECK(expr)                                                  \
    do {                                                                    \
        rocblas_status s_ = (expr);                                         \
        if (s_ != rocblas_status_success) {                                  \
            fprintf(stderr, "cuBLAS error %d at %s:%d\n", (int)s_,          \
                    __FILE__, __LINE__);                                    \
        }                                                                   \
    } while (0)

// y = W x for a batch of tokens, fp16 weights with fp32 accumulation.
void dense(rocblas_handle handle, hipStream_t stream, const void* W, const void* X, void* Y,
           int out_features, int in_features, int tokens, void* workspace, size_t workspace_bytes)
{
    const float alpha = 1.0f, beta = 0.0f;
    CUBLAS_CHECK(rocblas_set_stream(handle, stream));
    CUBLAS_CHECK(rocblas_set_workspace(handle, workspace, workspace_bytes));
    CUBLAS_CHECK(rocblas_gemm_ex(handle, rocblas_operation_transpose, rocblas_operation_none,
                              out_features, tokens, in_features,
                              &alpha,
                              W, rocblas_datatype_f16_r, in_features,
                              X, rocblas_datatype_f16_r, in_features,
                              &beta,
                              Y, rocblas_datatype_f32_r, out_features, Y, rocblas_datatype_f32_r, out_features,
                              rocblas_datatype_f32_r, rocblas_gemm_algo_standard, 0, rocblas_gemm_flags_none));
}

// Attention scores per head: S_h = K_h^T Q_h, bf16 in and out, fp32 compute.
void scores(rocblas_handle handle, const void* Q, const void* K, void* S, int heads, int seq, int dim)
{
    const float scale = 0.125f, zero = 0.0f;
    CUBLAS_CHECK(rocblas_gemm_strided_batched_ex(handle, rocblas_operation_transpose, rocblas_operation_none,
                                            seq, seq, dim, &scale,
                                            K, rocblas_datatype_bf16_r, dim, (long long)seq * dim,
                                            Q, rocblas_datatype_bf16_r, dim, (long long)seq * dim,
                                            &zero, S, rocblas_datatype_bf16_r, seq, (long long)seq * seq, S, rocblas_datatype_bf16_r, seq, (long long)seq * seq,
                                            heads, rocblas_datatype_f32_r, rocblas_gemm_algo_standard, 0, rocblas_gemm_flags_none));
}

// FP32 projection that lets NVIDIA's tensor cores use TF32.
void projection(rocblas_handle handle, const float* const* A, const float* const* B, float* const* C,
                int m, int n, int k, int batch)
{
    const float one = 1.0f, zero = 0.0f;
    CUBLAS_CHECK(rocblas_set_math_mode(handle, rocblas_xf32_xdl_math_op));  // expect: HP312
    CUBLAS_CHECK(rocblas_gemm_batched_ex(handle, rocblas_operation_none, rocblas_operation_none, m, n, k, &one,
                                     (const void* const*)A, rocblas_datatype_f32_r, m,
                                     (const void* const*)B, rocblas_datatype_f32_r, k, &zero,
                                     (void* const*)C, rocblas_datatype_f32_r, m, (void*)C, rocblas_datatype_f32_r, m, batch,
                                     rocblas_datatype_f32_r /* hipify-plus: TF32 requested: FP32 compute on AMD */, rocblas_gemm_algo_standard, 0, rocblas_gemm_flags_none));  // expect: HP312
}
