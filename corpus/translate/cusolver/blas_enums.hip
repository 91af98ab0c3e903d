// hipify-plus-test: rocm-version=5.7
// cuBLAS's enums passed to cuSOLVER take hipSOLVER's names; in cuBLAS calls they stay hipBLAS's.
// A variable only cuSOLVER calls take is declared with hipSOLVER's type, and the values stored
// in it, compared with it or labelling a switch on it follow.
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
#include <hipsolver/hipsolver.h>

int cholesky_then_trsm(hipsolverHandle_t solver, hipblasHandle_t blas, float *A, float *B, int n,
                       float *work, int lwork, int *info)
{
    const float one = 1.0f;
    hipsolverDnSpotrf(solver, HIPSOLVER_FILL_MODE_LOWER, n, A, n, work, lwork, info);
    hipsolverDnSpotrs(solver, HIPSOLVER_FILL_MODE_LOWER, n, 1, A, n, B, n, info);
    hipblasStrsm(blas, HIPBLAS_SIDE_LEFT, HIPBLAS_FILL_MODE_LOWER, HIPBLAS_OP_N, HIPBLAS_DIAG_NON_UNIT,
                n, 1, &one, A, n, B, n);
    return 0;
}

int linear_solver(hipsolverHandle_t handle, int n, double *A, int lda, double *work, int lwork, int *info)
{
    hipsolverFillMode_t uplo = HIPSOLVER_FILL_MODE_LOWER;
    hipsolverOperation_t trans = HIPSOLVER_OP_N;
    int bufferSize = 0;
    hipsolverDnDpotrf_bufferSize(handle, uplo, n, A, lda, &bufferSize);
    if (uplo == HIPSOLVER_FILL_MODE_UPPER)
        uplo = HIPSOLVER_FILL_MODE_LOWER;
    switch (trans) {
    case HIPSOLVER_OP_T:
        return -1;
    default:
        break;
    }
    hipsolverDnDpotrf(handle, uplo, n, A, lda, work, lwork, info);
    hipsolverDnDgetrs(handle, trans, n, 1, A, lda, info, work, n, info);
    return bufferSize;
}
