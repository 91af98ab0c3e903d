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

// The same for hipsparseSpSV_solve before ROCm 6.0 (cuda-samples' conjugateGradientPrecond):
// hipSPARSE 3.0 (ROCm 6.0) dropped its externalBuffer to match cuSPARSE.
hipsparseStatus_t solve_vector(hipsparseHandle_t h, hipsparseSpMatDescr_t A, hipsparseDnVecDescr_t x,
                              hipsparseDnVecDescr_t y, hipsparseSpSVDescr_t sv)
{
    const float alpha = 1.0f;
    return cusparseSpSV_solve(h, HIPSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, x, y, HIP_R_32F,  // expect: HP015
                              HIPSPARSE_SPSV_ALG_DEFAULT, sv);
}
