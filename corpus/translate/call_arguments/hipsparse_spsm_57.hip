// hipify-plus-test: rocm-version=5.7
// Before ROCm 6.2, hipsparseSpSM_solve hands its externalBuffer to rocSPARSE's compute stage,
// which needs the buffer given to the analysis: convert cannot know it, so the call stays (HP015).
#include <hip/hip_runtime.h>
#include <hipsparse/hipsparse.h>

hipsparseStatus_t solve(hipsparseHandle_t h, hipsparseSpMatDescr_t A, hipsparseDnMatDescr_t B,
                       hipsparseDnMatDescr_t C, hipsparseSpSMDescr_t sm)
{
    const float alpha = 1.0f;
    return cusparseSpSM_solve(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, HIPSPARSE_OPERATION_NON_TRANSPOSE,  // expect: HP015
                              &alpha, A, B, C, HIP_R_32F, HIPSPARSE_SPSM_ALG_DEFAULT, sm);
}
