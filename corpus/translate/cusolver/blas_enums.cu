// hipify-plus-test: rocm-version=5.7
// cuBLAS's enums passed to cuSOLVER take hipSOLVER's names; in cuBLAS calls they stay hipBLAS's.
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cusolverDn.h>

int cholesky_then_trsm(cusolverDnHandle_t solver, cublasHandle_t blas, float *A, float *B, int n,
                       float *work, int lwork, int *info)
{
    const float one = 1.0f;
    cusolverDnSpotrf(solver, CUBLAS_FILL_MODE_LOWER, n, A, n, work, lwork, info);
    cusolverDnSpotrs(solver, CUBLAS_FILL_MODE_LOWER, n, 1, A, n, B, n, info);
    cublasStrsm(blas, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_NON_UNIT,
                n, 1, &one, A, n, B, n);
    return 0;
}
