// hipify-plus-test: rocm-version=5.7
// cuBLAS's enums passed to cuSOLVER take hipSOLVER's names; in cuBLAS calls they stay hipBLAS's.
// A variable only cuSOLVER calls take is declared with hipSOLVER's type, and the values stored
// in it, compared with it or labelling a switch on it follow.
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

int linear_solver(cusolverDnHandle_t handle, int n, double *A, int lda, double *work, int lwork, int *info)
{
    cublasFillMode_t uplo = CUBLAS_FILL_MODE_LOWER;
    cublasOperation_t trans = CUBLAS_OP_N;
    int bufferSize = 0;
    cusolverDnDpotrf_bufferSize(handle, uplo, n, A, lda, &bufferSize);
    if (uplo == CUBLAS_FILL_MODE_UPPER)
        uplo = CUBLAS_FILL_MODE_LOWER;
    switch (trans) {
    case CUBLAS_OP_T:
        return -1;
    default:
        break;
    }
    cusolverDnDpotrf(handle, uplo, n, A, lda, work, lwork, info);
    cusolverDnDgetrs(handle, trans, n, 1, A, lda, info, work, n, info);
    return bufferSize;
}
