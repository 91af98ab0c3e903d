// cusparseSpSM_solve has no buffer argument; hipsparseSpSM_solve has one, which it ignores from
// ROCm 6.2 on (the SpSM descriptor keeps the analysis buffer), so nullptr is passed.
#include <hip/hip_runtime.h>
#include <hipsparse/hipsparse.h>

hipsparseStatus_t solve(hipsparseHandle_t h, hipsparseSpMatDescr_t A, hipsparseDnMatDescr_t B,
                       hipsparseDnMatDescr_t C, hipsparseSpSMDescr_t sm, void *buffer)
{
    const float alpha = 1.0f;
    hipsparseSpSM_analysis(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, B, C,
                          HIP_R_32F, HIPSPARSE_SPSM_ALG_DEFAULT, sm, buffer);
    return hipsparseSpSM_solve(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha,
                              A, B, C, HIP_R_32F, HIPSPARSE_SPSM_ALG_DEFAULT, sm, nullptr);
}
