// hipify-plus-test: select=HP320
// Type combinations cuBLAS runs and AMD's hipBLAS/rocBLAS reject at run time.
#include <cublas_v2.h>

void gemms(cublasHandle_t h, const void* A, const void* B, void* C, int m, int n, int k)
{
    const float one = 1.0f, zero = 0.0f;
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, A, CUDA_R_16BF, m, B, CUDA_R_16BF, k,  // expect: HP320
                 &zero, C, CUDA_R_16BF, m, CUBLAS_COMPUTE_16F, CUBLAS_GEMM_DEFAULT);
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, A, CUDA_R_8I, m, B, CUDA_R_8I, k,  // expect: HP320
                 &zero, C, CUDA_R_32F, m, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
    cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, A, CUDA_R_16BF, m, B, CUDA_R_16BF, k,  // ok: HP320
                 &zero, C, CUDA_R_32F, m, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}

void ported(hipblasHandle_t h, const void* A, const void* B, void* C, int m, int n, int k)
{
    const float one = 1.0f, zero = 0.0f;
    hipblasGemmEx_v2(h, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &one, A, HIP_R_32F, m, B, HIP_R_32F, k,  // expect: HP320
                     &zero, C, HIP_R_32F, m, HIPBLAS_COMPUTE_32F_PEDANTIC, HIPBLAS_GEMM_DEFAULT);
    hipblasGemmEx_v2(h, HIPBLAS_OP_N, HIPBLAS_OP_N, m, n, k, &one, A, HIP_R_16F, m, B, HIP_R_16F, k,  // ok: HP320
                     &zero, C, HIP_R_16F, m, HIPBLAS_COMPUTE_16F, HIPBLAS_GEMM_DEFAULT);
}
