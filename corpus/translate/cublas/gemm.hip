// Dense layer forward pass: FP32 SGEMM and an FP16-input GEMM with FP32
// accumulation, both column-major as cuBLAS expects.
#include <cstdio>
#include <cstdlib>
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <hipblas/hipblas.h>

#define CUBLAS_CHECK(expr)                                                  \
    do {                                                                    \
        hipblasStatus_t s_ = (expr);                                         \
        if (s_ != HIPBLAS_STATUS_SUCCESS) {                                  \
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
    hipMalloc(&W, sizeof(float) * out_features * in_features);
    hipMalloc(&X, sizeof(float) * in_features * batch);
    hipMalloc(&Y, sizeof(float) * out_features * batch);
    hipMalloc(&Wh, sizeof(__half) * out_features * in_features);
    hipMalloc(&Xh, sizeof(__half) * in_features * batch);

    hipStream_t stream;
    hipStreamCreate(&stream);
    hipblasHandle_t handle;
    CUBLAS_CHECK(hipblasCreate(&handle));
    CUBLAS_CHECK(hipblasSetStream(handle, stream));
    CUBLAS_CHECK(hipblasSetMathMode(handle, HIPBLAS_XF32_XDL_MATH));  // expect: HP312

    const float alpha = 1.0f, beta = 0.0f;
    // Y = W * X
    CUBLAS_CHECK(hipblasSgemm(handle, HIPBLAS_OP_N, HIPBLAS_OP_N,
                             out_features, batch, in_features,
                             &alpha, W, out_features, X, in_features,
                             &beta, Y, out_features));

    // Same product with W stored transposed (in x out) and half-precision inputs.
    CUBLAS_CHECK(hipblasGemmEx(handle, HIPBLAS_OP_T, HIPBLAS_OP_N,
                              out_features, batch, in_features,
                              &alpha,
                              Wh, HIP_R_16F, in_features,
                              Xh, HIP_R_16F, in_features,
                              &beta,
                              Y, HIP_R_32F, out_features,
                              HIPBLAS_COMPUTE_32F, HIPBLAS_GEMM_DEFAULT));

    hipStreamSynchronize(stream);
    CUBLAS_CHECK(hipblasDestroy(handle));
    hipStreamDestroy(stream);
    hipFree(W); hipFree(X); hipFree(Y); hipFree(Wh); hipFree(Xh);
    printf("done\n");
    return 0;
}
