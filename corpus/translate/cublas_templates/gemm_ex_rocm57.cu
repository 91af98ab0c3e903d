// hipify-plus-test: rocm-version=5.7
// cuBLAS GEMM_ex calls ported to hipBLAS 5.x form (hipblasDatatype_t everywhere).
#include <cstdio>
#include <cuda_runtime.h>
#include <cublas_v2.h>

#define CUBLAS_CHECK(expr)                                                  \
    do {                                                                    \
        cublasStatus_t s_ = (expr);                                         \
        if (s_ != CUBLAS_STATUS_SUCCESS) {                                  \
            fprintf(stderr, "cuBLAS error %d at %s:%d\n", (int)s_,          \
                    __FILE__, __LINE__);                                    \
        }                                                                   \
    } while (0)

// y = W x for a batch of tokens, fp16 weights with fp32 accumulation.
void dense(cublasHandle_t handle, cudaStream_t stream, const void* W, const void* X, void* Y,
           int out_features, int in_features, int tokens, void* workspace, size_t workspace_bytes)
{
    const float alpha = 1.0f, beta = 0.0f;
    CUBLAS_CHECK(cublasSetStream(handle, stream));
    CUBLAS_CHECK(cublasSetWorkspace(handle, workspace, workspace_bytes));
    CUBLAS_CHECK(cublasGemmEx(handle, CUBLAS_OP_T, CUBLAS_OP_N,  // expect: HP008
                              out_features, tokens, in_features,
                              &alpha,
                              W, CUDA_R_16F, in_features,
                              X, CUDA_R_16F, in_features,
                              &beta,
                              Y, CUDA_R_32F, out_features,
                              CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT_TENSOR_OP));  // expect: HP008
}

// Attention scores per head: S_h = K_h^T Q_h, bf16 in and out, fp32 compute.
void scores(cublasHandle_t handle, const void* Q, const void* K, void* S, int heads, int seq, int dim)
{
    const float scale = 0.125f, zero = 0.0f;
    CUBLAS_CHECK(cublasGemmStridedBatchedEx(handle, CUBLAS_OP_T, CUBLAS_OP_N,  // expect: HP008
                                            seq, seq, dim, &scale,
                                            K, CUDA_R_16BF, dim, (long long)seq * dim,
                                            Q, CUDA_R_16BF, dim, (long long)seq * dim,
                                            &zero, S, CUDA_R_16BF, seq, (long long)seq * seq,
                                            heads, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));  // expect: HP008
}

// FP32 projection that lets NVIDIA's tensor cores use TF32.
void projection(cublasHandle_t handle, const float* const* A, const float* const* B, float* const* C,
                int m, int n, int k, int batch)
{
    const float one = 1.0f, zero = 0.0f;
    CUBLAS_CHECK(cublasSetMathMode(handle, CUBLAS_TF32_TENSOR_OP_MATH));  // expect: HP312
    CUBLAS_CHECK(cublasGemmBatchedEx(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one,  // expect: HP008
                                     (const void* const*)A, CUDA_R_32F, m,
                                     (const void* const*)B, CUDA_R_32F, k, &zero,
                                     (void* const*)C, CUDA_R_32F, m, batch,
                                     CUBLAS_COMPUTE_32F_FAST_TF32, CUBLAS_GEMM_DEFAULT));  // expect: HP312
}
