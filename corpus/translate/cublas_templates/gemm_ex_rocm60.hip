// hipify-plus-test: rocm-version=6.0
// cuBLAS GEMM_ex calls ported to hipBLAS 2.0 form (_v2 functions; no math-mode setter before 6.1).
#include <cstdio>
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>

#define CUBLAS_CHECK(expr)                                                  \
    do {                                                                    \
        hipblasStatus_t s_ = (expr);                                         \
        if (s_ != HIPBLAS_STATUS_SUCCESS) {                                  \
            fprintf(stderr, "cuBLAS error %d at %s:%d\n", (int)s_,          \
                    __FILE__, __LINE__);                                    \
        }                                                                   \
    } while (0)

// y = W x for a batch of tokens, fp16 weights with fp32 accumulation.
void dense(hipblasHandle_t handle, hipStream_t stream, const void* W, const void* X, void* Y,
           int out_features, int in_features, int tokens, void* workspace, size_t workspace_bytes)
{
    const float alpha = 1.0f, beta = 0.0f;
    CUBLAS_CHECK(hipblasSetStream(handle, stream));
    /* hipify-plus: dropped `cublasSetWorkspace(handle, workspace, workspace_bytes)`: hipBLAS before ROCm 7.0 (target 6.0) has no workspace setter, rocBLAS allocates its own */;
    CUBLAS_CHECK(hipblasGemmEx_v2(handle, HIPBLAS_OP_T, HIPBLAS_OP_N,
                              out_features, tokens, in_features,
                              &alpha,
                              W, HIP_R_16F, in_features,
                              X, HIP_R_16F, in_features,
                              &beta,
                              Y, HIP_R_32F, out_features,
                              HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT));
}

// Attention scores per head: S_h = K_h^T Q_h, bf16 in and out, fp32 compute.
void scores(hipblasHandle_t handle, const void* Q, const void* K, void* S, int heads, int seq, int dim)
{
    const float scale = 0.125f, zero = 0.0f;
    CUBLAS_CHECK(hipblasGemmStridedBatchedEx_v2(handle, HIPBLAS_OP_T, HIPBLAS_OP_N,
                                            seq, seq, dim, &scale,
                                            K, HIP_R_16BF, dim, (long long)seq * dim,
                                            Q, HIP_R_16BF, dim, (long long)seq * dim,
                                            &zero, S, HIP_R_16BF, seq, (long long)seq * seq,
                                            heads, HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT));
}

// FP32 projection that lets NVIDIA's tensor cores use TF32.
void projection(hipblasHandle_t handle, const float* const* A, const float* const* B, float* const* C,
                int m, int n, int k, int batch)
{
    const float one = 1.0f, zero = 0.0f;
    CUBLAS_CHECK(HIPBLAS_STATUS_SUCCESS /* hipify-plus: TF32 requested: no math modes before ROCm 6.1, FP32 GEMMs compute in FP32 */);  // expect: HP312
    CUBLAS_CHECK(hipblasGemmBatchedEx_v2(handle, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &one,
                                     (const void**)A, HIP_R_32F, m,
                                     (const void**)B, HIP_R_32F, k, &zero,
                                     (void**)C, HIP_R_32F, m, batch,
                                     HIPBLAS_COMPUTE_32F /* hipify-plus: TF32 requested: FP32 compute on AMD */, HIPBLAS_GEMM_DEFAULT));  // expect: HP312
}
