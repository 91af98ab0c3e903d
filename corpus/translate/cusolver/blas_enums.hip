// hipify-plus-test: rocm-version=5.7
// cuBLAS's enums passed to cuSOLVER take hipSOLVER's names; in cuBLAS calls they stay hipBLAS's.
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
