// Solve A X = B for a dense square system with LU factorization (getrf/getrs).
#include <cmath>
#include <cstdio>
#include <vector>
#include <hip/hip_runtime.h>
#include <hipsolver/hipsolver.h>

#define SOLVER_CHECK(x) do { hipsolverStatus_t s = (x); if (s != HIPSOLVER_STATUS_SUCCESS) { \
    printf("cuSOLVER error %d at line %d\n", (int)s, __LINE__); return 1; } } while (0)

int main()
{
    const int n = 512, nrhs = 4, lda = n, ldb = n;
    // Diagonally dominant matrix, column-major; right-hand sides are A * 1.
    std::vector<float> A(lda * n), B(ldb * nrhs);
    for (int j = 0; j < n; ++j)
        for (int i = 0; i < n; ++i)
            A[i + j * lda] = (i == j) ? n + 1.0f : 1.0f / (1.0f + i + j);
    for (int r = 0; r < nrhs; ++r)
        for (int i = 0; i < n; ++i) {
            float s = 0.0f;
            for (int j = 0; j < n; ++j) s += A[i + j * lda];
            B[i + r * ldb] = s;
        }

    float *dA, *dB, *dWork;
    int *dPiv, *dInfo, info = 0, lwork = 0;
    hipMalloc(&dA, sizeof(float) * A.size());
    hipMalloc(&dB, sizeof(float) * B.size());
    hipMalloc(&dPiv, sizeof(int) * n);
    hipMalloc(&dInfo, sizeof(int));
    hipMemcpy(dA, A.data(), sizeof(float) * A.size(), hipMemcpyHostToDevice);
    hipMemcpy(dB, B.data(), sizeof(float) * B.size(), hipMemcpyHostToDevice);

    hipStream_t stream;
    hipStreamCreate(&stream);
    hipsolverHandle_t solver;
    SOLVER_CHECK(hipsolverDnCreate(&solver));
    SOLVER_CHECK(hipsolverSetStream(solver, stream));

    SOLVER_CHECK(hipsolverDnSgetrf_bufferSize(solver, n, n, dA, lda, &lwork));
    hipMalloc(&dWork, sizeof(float) * lwork);
    SOLVER_CHECK(hipsolverDnSgetrf(solver, n, n, dA, lda, dWork, dPiv, dInfo));
    hipMemcpyAsync(&info, dInfo, sizeof(int), hipMemcpyDeviceToHost, stream);
    hipStreamSynchronize(stream);
    if (info != 0) {
        printf("getrf failed: info = %d\n", info);
        return 1;
    }
    SOLVER_CHECK(hipsolverDnSgetrs(solver, HIPSOLVER_OP_N, n, nrhs, dA, lda, dPiv, dB, ldb, dInfo));
    hipMemcpyAsync(B.data(), dB, sizeof(float) * B.size(), hipMemcpyDeviceToHost, stream);
    hipStreamSynchronize(stream);

    float maxErr = 0.0f;
    for (float x : B) maxErr = fmaxf(maxErr, fabsf(x - 1.0f));
    printf("max |x - 1| = %g\n", maxErr);

    SOLVER_CHECK(hipsolverDnDestroy(solver));
    hipStreamDestroy(stream);
    hipFree(dA); hipFree(dB); hipFree(dWork); hipFree(dPiv); hipFree(dInfo);
    return 0;
}
