// hipify-plus-test: roc
// Dense layer forward pass: FP32 SGEMM and an FP16-input GEMM with FP32
// accumulation, both column-major as cuBLAS expects.
#include <cstdio>
#include <cstdlib>
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <rocblas/rocblas.h>

#define CUBLAS_CHECK(expr)                                                  \
    do {                                                                    \
        rocblas_status s_ = (expr);                                         \
        if (s_ != rocblas_status_success) {                                  \
            fprintf(stderr, "cuBLAS error %d at %s:%d\n", (int)s_,          \
                    __FILE__, __LINE__);                                    \
            exit(1);                                                        \
        }                                                                   \
    } while (0)

int main()
{
    const int batch = 64, in_features = 1024, out_features = 4096;
    float *W, *X, *Y;            // W: out x in, X: in x batch, Y: out x batch
    rocblas_half *Wh, *Xh;
    hipMalloc(&W, sizeof(float) * out_features * in_features);
    hipMalloc(&X, sizeof(float) * in_features * batch);
    hipMalloc(&Y, sizeof(float) * out_features * batch);
    hipMalloc(&Wh, sizeof(rocblas_half) * out_features * in_features);
    hipMalloc(&Xh, sizeof(rocblas_half) * in_features * batch);

    hipStream_t stream;
    hipStreamCreate(&stream);
    rocblas_handle handle;
    CUBLAS_CHECK(rocblas_create_handle(&handle));
    CUBLAS_CHECK(rocblas_set_stream(handle, stream));
    CUBLAS_CHECK(rocblas_set_math_mode(handle, rocblas_xf32_xdl_math_op));  // expect: HP312

    const float alpha = 1.0f, beta = 0.0f;
    // Y = W * X
    CUBLAS_CHECK(rocblas_sgemm(handle, rocblas_operation_none, rocblas_operation_none,
                             out_features, batch, in_features,
                             &alpha, W, out_features, X, in_features,
                             &beta, Y, out_features));

    // Same product with W stored transposed (in x out) and half-precision inputs.
    CUBLAS_CHECK(rocblas_gemm_ex(handle, rocblas_operation_transpose, rocblas_operation_none,
                              out_features, batch, in_features,
                              &alpha,
                              Wh, rocblas_datatype_f16_r, in_features,
                              Xh, rocblas_datatype_f16_r, in_features,
                              &beta,
                              Y, rocblas_datatype_f32_r, out_features, Y, rocblas_datatype_f32_r, out_features,
                              rocblas_datatype_f32_r, rocblas_gemm_algo_standard, 0, rocblas_gemm_flags_none));

    hipStreamSynchronize(stream);
    CUBLAS_CHECK(rocblas_destroy_handle(handle));
    hipStreamDestroy(stream);
    hipFree(W); hipFree(X); hipFree(Y); hipFree(Wh); hipFree(Xh);
    printf("done\n");
    return 0;
}
