// y = A * x for a sparse matrix in CSR form using the generic cuSPARSE API.
// A is a 1-D Laplacian (tridiagonal 2, -1) built on the host.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include <cusparse.h>

#define CUSPARSE_CHECK(x) do { cusparseStatus_t s = (x); if (s != CUSPARSE_STATUS_SUCCESS) { \
    printf("cuSPARSE error %d at line %d\n", (int)s, __LINE__); return 1; } } while (0)

int main()
{
    const int n = 1 << 16;
    std::vector<int> rowPtr(n + 1), cols;
    std::vector<float> vals;
    for (int i = 0; i < n; ++i) {
        rowPtr[i] = (int)cols.size();
        if (i > 0)     { cols.push_back(i - 1); vals.push_back(-1.0f); }
        cols.push_back(i); vals.push_back(2.0f);
        if (i < n - 1) { cols.push_back(i + 1); vals.push_back(-1.0f); }
    }
    rowPtr[n] = (int)cols.size();
    const int nnz = rowPtr[n];

    int *dRow, *dCol;
    float *dVal, *dX, *dY;
    cudaMalloc(&dRow, (n + 1) * sizeof(int));
    cudaMalloc(&dCol, nnz * sizeof(int));
    cudaMalloc(&dVal, nnz * sizeof(float));
    cudaMalloc(&dX, n * sizeof(float));
    cudaMalloc(&dY, n * sizeof(float));
    cudaMemcpy(dRow, rowPtr.data(), (n + 1) * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(dCol, cols.data(), nnz * sizeof(int), cudaMemcpyHostToDevice);
    cudaMemcpy(dVal, vals.data(), nnz * sizeof(float), cudaMemcpyHostToDevice);
    std::vector<float> ones(n, 1.0f);
    cudaMemcpy(dX, ones.data(), n * sizeof(float), cudaMemcpyHostToDevice);

    cusparseHandle_t handle;
    CUSPARSE_CHECK(cusparseCreate(&handle));
    cusparseSpMatDescr_t matA;
    cusparseDnVecDescr_t vecX, vecY;
    CUSPARSE_CHECK(cusparseCreateCsr(&matA, n, n, nnz, dRow, dCol, dVal,
                                     CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                                     CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F));
    CUSPARSE_CHECK(cusparseCreateDnVec(&vecX, n, dX, CUDA_R_32F));
    CUSPARSE_CHECK(cusparseCreateDnVec(&vecY, n, dY, CUDA_R_32F));

    const float alpha = 1.0f, beta = 0.0f;
    size_t bufferSize = 0;
    CUSPARSE_CHECK(cusparseSpMV_bufferSize(handle, CUSPARSE_OPERATION_NON_TRANSPOSE,
                                           &alpha, matA, vecX, &beta, vecY, CUDA_R_32F,
                                           CUSPARSE_SPMV_ALG_DEFAULT, &bufferSize));
    void *dBuffer = nullptr;
    cudaMalloc(&dBuffer, bufferSize);
    CUSPARSE_CHECK(cusparseSpMV(handle, CUSPARSE_OPERATION_NON_TRANSPOSE,
                                &alpha, matA, vecX, &beta, vecY, CUDA_R_32F,
                                CUSPARSE_SPMV_ALG_DEFAULT, dBuffer));

    std::vector<float> y(n);
    cudaMemcpy(y.data(), dY, n * sizeof(float), cudaMemcpyDeviceToHost);
    printf("y[0]=%g y[n/2]=%g y[n-1]=%g (expect 1 0 1)\n", y[0], y[n / 2], y[n - 1]);

    CUSPARSE_CHECK(cusparseDestroySpMat(matA));
    CUSPARSE_CHECK(cusparseDestroyDnVec(vecX));
    CUSPARSE_CHECK(cusparseDestroyDnVec(vecY));
    CUSPARSE_CHECK(cusparseDestroy(handle));
    cudaFree(dBuffer); cudaFree(dRow); cudaFree(dCol); cudaFree(dVal); cudaFree(dX); cudaFree(dY);
    return 0;
}
