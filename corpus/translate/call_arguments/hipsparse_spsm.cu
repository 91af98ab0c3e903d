// cusparseSpSM_solve has no buffer argument; hipsparseSpSM_solve has one, which it ignores from
// ROCm 6.2 on (the SpSM descriptor keeps the analysis buffer), so nullptr is passed.
#include <cuda_runtime.h>
#include <cusparse.h>

cusparseStatus_t solve(cusparseHandle_t h, cusparseSpMatDescr_t A, cusparseDnMatDescr_t B,
                       cusparseDnMatDescr_t C, cusparseSpSMDescr_t sm, void *buffer)
{
    const float alpha = 1.0f;
    cusparseSpSM_analysis(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, B, C,
                          CUDA_R_32F, CUSPARSE_SPSM_ALG_DEFAULT, sm, buffer);
    return cusparseSpSM_solve(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha,
                              A, B, C, CUDA_R_32F, CUSPARSE_SPSM_ALG_DEFAULT, sm);
}
