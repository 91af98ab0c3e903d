// hipify-plus-test: roc
// Dense layer forward pass: FP32 SGEMM and an FP16-input GEMM with FP32
// accumulation, both column-major as cuBLAS expects.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cublas_v2.h>

#define CUBLAS_CHECK(expr)                                                  \
    do {                                                                    \
        cublasStatus_t s_ = (expr);                                         \
        if (s_ != CUBLAS_STATUS_SUCCESS) {                                  \
            fprintf(stderr, "cuBLAS error %d at %s:%d\n", (int)s_,          \
                    __FILE__, __LINE__);                                    \
            exit(1);                                                        \
        }                                                                   \
    } while (0)

int main()
{
    const int batch = 64, in_features = 1024, out_features = 4096;
    float *W, *X, *Y;            // W: out x in, X: in x batch, Y: out x batch
    __half *Wh, *Xh;
    cudaMalloc(&W, sizeof(float) * out_features * in_features);
    cudaMalloc(&X, sizeof(float) * in_features * batch);
    cudaMalloc(&Y, sizeof(float) * out_features * batch);
    cudaMalloc(&Wh, sizeof(__half) * out_features * in_features);
    cudaMalloc(&Xh, sizeof(__half) * in_features * batch);

    cudaStream_t stream;
    cudaStreamCreate(&stream);
    cublasHandle_t handle;
    CUBLAS_CHECK(cublasCreate(&handle));
    CUBLAS_CHECK(cublasSetStream(handle, stream));
    CUBLAS_CHECK(cublasSetMathMode(handle, CUBLAS_TF32_TENSOR_OP_MATH));  // expect: HP312

    const float alpha = 1.0f, beta = 0.0f;
    // Y = W * X
    CUBLAS_CHECK(cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N,
                             out_features, batch, in_features,
                             &alpha, W, out_features, X, in_features,
                             &beta, Y, out_features));

    // Same product with W stored transposed (in x out) and half-precision inputs.
    CUBLAS_CHECK(cublasGemmEx(handle, CUBLAS_OP_T, CUBLAS_OP_N,
                              out_features, batch, in_features,
                              &alpha,
                              Wh, CUDA_R_16F, in_features,
                              Xh, CUDA_R_16F, in_features,
                              &beta,
                              Y, CUDA_R_32F, out_features,
                              CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT));

    cudaStreamSynchronize(stream);
    CUBLAS_CHECK(cublasDestroy(handle));
    cudaStreamDestroy(stream);
    cudaFree(W); cudaFree(X); cudaFree(Y); cudaFree(Wh); cudaFree(Xh);
    printf("done\n");
    return 0;
}
