// hipify-plus-test: select=HP312
// FP32 training step that lets NVIDIA tensor cores run in TF32 (targets: gfx90a).
#include <cublas_v2.h>
#include <cublasLt.h>
#include <cudnn.h>

void enable_tf32(cublasHandle_t blas, cudnnConvolutionDescriptor_t conv, cudnnConvolutionDescriptor_t exact_conv)
{
    cublasSetMathMode(blas, CUBLAS_TF32_TENSOR_OP_MATH);  // expect: HP312
    cublasSetMathMode(blas, CUBLAS_DEFAULT_MATH);  // ok: HP312
    cudnnSetConvolutionMathType(conv, CUDNN_TENSOR_OP_MATH);  // expect: HP312
    cudnnSetConvolutionMathType(exact_conv, CUDNN_FMA_MATH);  // ok: HP312
}

void projection(cublasHandle_t blas, int m, int n, int k, const float* A, const float* B, float* C)
{
    const float one = 1.0f, zero = 0.0f;
    cublasGemmEx(blas, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, A, CUDA_R_32F, m, B, CUDA_R_32F, k,
                 &zero, C, CUDA_R_32F, m,
                 CUBLAS_COMPUTE_32F_FAST_TF32,  // expect: HP312
                 CUBLAS_GEMM_DEFAULT);
    cublasGemmEx(blas, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &one, A, CUDA_R_32F, m, B, CUDA_R_32F, k,
                 &zero, C, CUDA_R_32F, m, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);  // ok: HP312
}

cublasLtMatmulDesc_t lt_descriptor()
{
    cublasLtMatmulDesc_t desc;
    cublasLtMatmulDescCreate(&desc, CUBLAS_COMPUTE_32F_FAST_TF32, CUDA_R_32F);  // expect: HP312
    return desc;
}
