// hipify-plus-test: roc
// cuSPARSE calls convert leaves as they are under --roc, each with the reason (HP015): no
// rewrite of them is right. And the SpSV/SpSM calls whose descriptor rocSPARSE replaces by its
// stage argument (the descriptors' types have no rocSPARSE counterpart, so this file does not
// compile under --roc either way).
#include <cuda_runtime.h>
#include <cusparse.h>

#define ILU_ARGS h, m, nnz, descr, val, rowPtr, colInd, info, &bytes

int sizes(cusparseHandle_t h, cusparseMatDescr_t descr, csrilu02Info_t info, int m, int nnz,
          float *val, const int *rowPtr, const int *colInd)
{
    int bytes = 0;  // rocSPARSE writes a size_t here
    cusparseScsrilu02_bufferSize(h, m, nnz, descr, val, rowPtr, colInd, info, &bytes);  // expect: HP015
    cusparseScsrilu02_bufferSize(ILU_ARGS);  // expect: HP015
    return bytes;
}

int kept(cusparseHandle_t h, cusparseMatDescr_t descr, csric02Info_t info, int m, int nnz,
         float *val, const int *rowPtr, const int *colInd, int *out)
{
    int rows = m, bytes = 0;  // declared with another variable
    cusparseScsric02_bufferSize(h, m, nnz, descr, val, rowPtr, colInd, info, &bytes);  // expect: HP015
    int printed = 0;  // formatted by printf as an int
    cusparseScsric02_bufferSize(h, m, nnz, descr, val, rowPtr, colInd, info, &printed);  // expect: HP015
    printf("%d bytes\n", printed);
    cusparseScsric02_bufferSize(h, m, nnz, descr, val, rowPtr, colInd, info, out);  // expect: HP015
    return rows + bytes;
}

void solve(cusparseHandle_t h, cusparseSpMatDescr_t A, cusparseDnMatDescr_t B, cusparseDnMatDescr_t C,
           cusparseDnVecDescr_t x, cusparseDnVecDescr_t y, cusparseSpSVDescr_t sv, cusparseSpSMDescr_t sm,
           void *buffer)
{
    const float alpha = 1.0f;
    size_t bytes = 0;
    cusparseSpSV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, x, y, CUDA_R_32F,
                            CUSPARSE_SPSV_ALG_DEFAULT, sv, &bytes);
    cusparseSpSM_analysis(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, B,
                          C, CUDA_R_32F, CUSPARSE_SPSM_ALG_DEFAULT, sm, buffer);
    cusparseSpSM_solve(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha,  // expect: HP015
                       A, B, C, CUDA_R_32F, CUSPARSE_SPSM_ALG_DEFAULT, sm);
}
