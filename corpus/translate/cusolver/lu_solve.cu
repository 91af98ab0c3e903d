// Solve A X = B for a dense square system with LU factorization (getrf/getrs).
#include <cmath>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include <cusolverDn.h>

#define SOLVER_CHECK(x) do { cusolverStatus_t s = (x); if (s != CUSOLVER_STATUS_SUCCESS) { \
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
    cudaMalloc(&dA, sizeof(float) * A.size());
    cudaMalloc(&dB, sizeof(float) * B.size());
    cudaMalloc(&dPiv, sizeof(int) * n);
    cudaMalloc(&dInfo, sizeof(int));
    cudaMemcpy(dA, A.data(), sizeof(float) * A.size(), cudaMemcpyHostToDevice);
    cudaMemcpy(dB, B.data(), sizeof(float) * B.size(), cudaMemcpyHostToDevice);

    cudaStream_t stream;
    cudaStreamCreate(&stream);
    cusolverDnHandle_t solver;
    SOLVER_CHECK(cusolverDnCreate(&solver));
    SOLVER_CHECK(cusolverDnSetStream(solver, stream));

    SOLVER_CHECK(cusolverDnSgetrf_bufferSize(solver, n, n, dA, lda, &lwork));
    cudaMalloc(&dWork, sizeof(float) * lwork);
    SOLVER_CHECK(cusolverDnSgetrf(solver, n, n, dA, lda, dWork, dPiv, dInfo));
    cudaMemcpyAsync(&info, dInfo, sizeof(int), cudaMemcpyDeviceToHost, stream);
    cudaStreamSynchronize(stream);
    if (info != 0) {
        printf("getrf failed: info = %d\n", info);
        return 1;
    }
    SOLVER_CHECK(cusolverDnSgetrs(solver, CUBLAS_OP_N, n, nrhs, dA, lda, dPiv, dB, ldb, dInfo));
    cudaMemcpyAsync(B.data(), dB, sizeof(float) * B.size(), cudaMemcpyDeviceToHost, stream);
    cudaStreamSynchronize(stream);

    float maxErr = 0.0f;
    for (float x : B) maxErr = fmaxf(maxErr, fabsf(x - 1.0f));
    printf("max |x - 1| = %g\n", maxErr);

    SOLVER_CHECK(cusolverDnDestroy(solver));
    cudaStreamDestroy(stream);
    cudaFree(dA); cudaFree(dB); cudaFree(dWork); cudaFree(dPiv); cudaFree(dInfo);
    return 0;
}
