// hipify-plus-test: select=HP316
// GEMM algorithm choices carried over from Volta-era code, and a grouped GEMM for MoE experts.
#include <cublas_v2.h>

void layers(cublasHandle_t h, int m, int n, int k, const void* A, const void* B, void* C,
            const float* Af, const float* Bf, float* Cf)
{
    const float one = 1.0f, zero = 0.0f;
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, A, CUDA_R_16F, m, B, CUDA_R_16F, k, &zero,
                 C, CUDA_R_16F, m, CUBLAS_COMPUTE_32F,
                 CUBLAS_GEMM_DEFAULT_TENSOR_OP);  // expect: HP316
    // FP32 inputs: the tensor-op value allowed fp16 down-conversion on NVIDIA.
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, Af, CUDA_R_32F, m, Bf, CUDA_R_32F, k, &zero,
                 Cf, CUDA_R_32F, m, CUBLAS_COMPUTE_32F,
                 CUBLAS_GEMM_DEFAULT_TENSOR_OP);  // expect: HP316
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, A, CUDA_R_16F, m, B, CUDA_R_16F, k, &zero,
                 C, CUDA_R_16F, m, CUBLAS_COMPUTE_32F,
                 CUBLAS_GEMM_ALGO5_TENSOR_OP);  // expect: HP316
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, A, CUDA_R_16F, m, B, CUDA_R_16F, k, &zero,
                 C, CUDA_R_16F, m, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);  // ok: HP316
}

void experts(cublasHandle_t h, const cublasOperation_t* ta, const cublasOperation_t* tb, const int* m,
             const int* n, const int* k, const float* alpha, const void* const* A, const int* lda,
             const void* const* B, const int* ldb, const float* beta, void* const* C, const int* ldc,
             int groups, const int* group_size)
{
    cublasGemmGroupedBatchedEx(h, ta, tb, m, n, k, alpha, A, CUDA_R_16F, lda, B, CUDA_R_16F, ldb,  // expect: HP316
                               beta, C, CUDA_R_16F, ldc, groups, group_size, CUBLAS_COMPUTE_32F);
}
