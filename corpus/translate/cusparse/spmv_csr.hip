// y = A * x for a sparse matrix in CSR form using the generic cuSPARSE API.
// A is a 1-D Laplacian (tridiagonal 2, -1) built on the host.
#include <cstdio>
#include <vector>
#include <hip/hip_runtime.h>
#include <hipsparse/hipsparse.h>

#define CUSPARSE_CHECK(x) do { hipsparseStatus_t s = (x); if (s != HIPSPARSE_STATUS_SUCCESS) { \
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
    hipMalloc(&dRow, (n + 1) * sizeof(int));
    hipMalloc(&dCol, nnz * sizeof(int));
    hipMalloc(&dVal, nnz * sizeof(float));
    hipMalloc(&dX, n * sizeof(float));
    hipMalloc(&dY, n * sizeof(float));
    hipMemcpy(dRow, rowPtr.data(), (n + 1) * sizeof(int), hipMemcpyHostToDevice);
    hipMemcpy(dCol, cols.data(), nnz * sizeof(int), hipMemcpyHostToDevice);
    hipMemcpy(dVal, vals.data(), nnz * sizeof(float), hipMemcpyHostToDevice);
    std::vector<float> ones(n, 1.0f);
    hipMemcpy(dX, ones.data(), n * sizeof(float), hipMemcpyHostToDevice);

    hipsparseHandle_t handle;
    CUSPARSE_CHECK(hipsparseCreate(&handle));
    hipsparseSpMatDescr_t matA;
    hipsparseDnVecDescr_t vecX, vecY;
    CUSPARSE_CHECK(hipsparseCreateCsr(&matA, n, n, nnz, dRow, dCol, dVal,
                                     HIPSPARSE_INDEX_32I, HIPSPARSE_INDEX_32I,
                                     HIPSPARSE_INDEX_BASE_ZERO, HIP_R_32F));
    CUSPARSE_CHECK(hipsparseCreateDnVec(&vecX, n, dX, HIP_R_32F));
    CUSPARSE_CHECK(hipsparseCreateDnVec(&vecY, n, dY, HIP_R_32F));

    const float alpha = 1.0f, beta = 0.0f;
    size_t bufferSize = 0;
    CUSPARSE_CHECK(hipsparseSpMV_bufferSize(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE,
                                           &alpha, matA, vecX, &beta, vecY, HIP_R_32F,
                                           HIPSPARSE_SPMV_ALG_DEFAULT, &bufferSize));
    void *dBuffer = nullptr;
    hipMalloc(&dBuffer, bufferSize);
    CUSPARSE_CHECK(hipsparseSpMV(handle, HIPSPARSE_OPERATION_NON_TRANSPOSE,
                                &alpha, matA, vecX, &beta, vecY, HIP_R_32F,
                                HIPSPARSE_SPMV_ALG_DEFAULT, dBuffer));

    std::vector<float> y(n);
    hipMemcpy(y.data(), dY, n * sizeof(float), hipMemcpyDeviceToHost);
    printf("y[0]=%g y[n/2]=%g y[n-1]=%g (expect 1 0 1)\n", y[0], y[n / 2], y[n - 1]);

    CUSPARSE_CHECK(hipsparseDestroySpMat(matA));
    CUSPARSE_CHECK(hipsparseDestroyDnVec(vecX));
    CUSPARSE_CHECK(hipsparseDestroyDnVec(vecY));
    CUSPARSE_CHECK(hipsparseDestroy(handle));
    hipFree(dBuffer); hipFree(dRow); hipFree(dCol); hipFree(dVal); hipFree(dX); hipFree(dY);
    return 0;
}
