// hipify-plus-test: roc rocm-version=5.7
// cuSPARSE calls whose rocSPARSE counterparts take other arguments: policies, the interleaved
// batch stride, work buffers rocSPARSE does not take, and the generic API at ROCm 5.7, where rocsparse_spmv has no stage argument.
#include <cstddef>
#include <cuda_runtime.h>
#include <cusparse.h>

void ilu0(cusparseHandle_t h, cusparseMatDescr_t descr, csrilu02Info_t info, int m, int nnz,
          float *val, const int *rowPtr, const int *colInd, void *buffer)
{
    cusparseScsrilu02_analysis(h, m, nnz, descr, val, rowPtr, colInd, info,
                               CUSPARSE_SOLVE_POLICY_USE_LEVEL, buffer);
    cusparseScsrilu02(h, m, nnz, descr, val, rowPtr, colInd, info, CUSPARSE_SOLVE_POLICY_NO_LEVEL, buffer);
}

void triangular(cusparseHandle_t h, cusparseMatDescr_t descr, csrsv2Info_t info, int m, int nnz,
                const double *val, const int *rowPtr, const int *colInd, const double *x, double *y,
                cusparseSolvePolicy_t policy, void *buffer)
{
    const double one = 1.0;
    cusparseDcsrsv2_analysis(h, CUSPARSE_OPERATION_NON_TRANSPOSE, m, nnz, descr, val, rowPtr, colInd,
                             info, policy, buffer);
    cusparseDcsrsv2_solve(h, CUSPARSE_OPERATION_NON_TRANSPOSE, m, nnz, &one, descr, val, rowPtr, colInd,
                          info, x, y, policy, buffer);
}

void tridiagonal(cusparseHandle_t h, int m, int batchCount, float *dl, float *d, float *du, float *x,
                 void *buffer)
{
    size_t bytes = 0;
    cusparseSgtsvInterleavedBatch_bufferSizeExt(h, 0, m, dl, d, du, x, batchCount, &bytes);
    cusparseSgtsvInterleavedBatch(h, 0, m, dl, d, du, x, batchCount, buffer);
}

void add(cusparseHandle_t h, int m, int n, const float *alpha, cusparseMatDescr_t dA, int nnzA,
         const float *vA, const int *pA, const int *iA, const float *beta, cusparseMatDescr_t dB, int nnzB,
         const float *vB, const int *pB, const int *iB, cusparseMatDescr_t dC, float *vC, int *pC, int *iC,
         int *nnzC, void *buffer)
{
    cusparseXcsrgeam2Nnz(h, m, n, dA, nnzA, pA, iA, dB, nnzB, pB, iB, dC, pC, nnzC, buffer);
    cusparseScsrgeam2(h, m, n, alpha, dA, nnzA, vA, pA, iA, beta, dB, nnzB, vB, pB, iB,
                      dC, vC, pC, iC,
                      buffer /* rocSPARSE allocates its own */);
}

size_t transpose_size(cusparseHandle_t h, int m, int n, int nnz, const float *val, const int *rowPtr,
                      const int *colInd, float *cscVal, int *cscColPtr, int *cscRowInd)
{
    size_t bytes = 0;
    cusparseCsr2cscEx2_bufferSize(h, m, n, nnz, val, rowPtr, colInd, cscVal, cscColPtr, cscRowInd,
                                  CUDA_R_32F, CUSPARSE_ACTION_NUMERIC, CUSPARSE_INDEX_BASE_ZERO,
                                  CUSPARSE_CSR2CSC_ALG1, &bytes);
    return bytes;
}

void generic(cusparseHandle_t h, cusparseSpMatDescr_t A, cusparseDnVecDescr_t x, cusparseDnVecDescr_t y,
             cusparseDnMatDescr_t B, cusparseDnMatDescr_t C, cusparseSpVecDescr_t sx, void *buffer)
{
    const float alpha = 1.0f, beta = 0.0f;
    float dot = 0.0f;
    size_t bytes = 0;
    cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, x, &beta, y, CUDA_R_32F,
                            CUSPARSE_SPMV_ALG_DEFAULT, &bytes);
    cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, x, &beta, y, CUDA_R_32F,
                 CUSPARSE_SPMV_ALG_DEFAULT, buffer);
    cusparseSpMM_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha,
                            A, B, &beta, C, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, &bytes);
    cusparseSpMM_preprocess(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha,
                            A, B, &beta, C, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, buffer);
    cusparseSpMM(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, B, &beta,
                 C, CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT, buffer);
    cusparseSpVV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, sx, y, &dot, CUDA_R_32F, &bytes);
    cusparseSpVV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, sx, y, &dot, CUDA_R_32F, buffer);
    cusparseSparseToDense_bufferSize(h, A, B, CUSPARSE_SPARSETODENSE_ALG_DEFAULT, &bytes);
    cusparseSparseToDense(h, A, B, CUSPARSE_SPARSETODENSE_ALG_DEFAULT, buffer);
    cusparseDenseToSparse_bufferSize(h, B, A, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, &bytes);
    cusparseDenseToSparse_analysis(h, B, A, CUSPARSE_DENSETOSPARSE_ALG_DEFAULT, buffer);
}
