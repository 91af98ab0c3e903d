// hipify-plus-test: rocm-version=5.7
// Before ROCm 6.2, hipsparseSpSM_solve hands its externalBuffer to rocSPARSE's compute stage,
// which needs the buffer given to the analysis: convert cannot know it, so the call stays (HP015).
#include <cuda_runtime.h>
#include <cusparse.h>

cusparseStatus_t solve(cusparseHandle_t h, cusparseSpMatDescr_t A, cusparseDnMatDescr_t B,
                       cusparseDnMatDescr_t C, cusparseSpSMDescr_t sm)
{
    const float alpha = 1.0f;
    return cusparseSpSM_solve(h, CUSPARSE_OPERATION_NON_TRANSPOSE, CUSPARSE_OPERATION_NON_TRANSPOSE,  // expect: HP015
                              &alpha, A, B, C, CUDA_R_32F, CUSPARSE_SPSM_ALG_DEFAULT, sm);
}

// The same for hipsparseSpSV_solve before ROCm 6.0 (cuda-samples' conjugateGradientPrecond):
// hipSPARSE 3.0 (ROCm 6.0) dropped its externalBuffer to match cuSPARSE.
cusparseStatus_t solve_vector(cusparseHandle_t h, cusparseSpMatDescr_t A, cusparseDnVecDescr_t x,
                              cusparseDnVecDescr_t y, cusparseSpSVDescr_t sv)
{
    const float alpha = 1.0f;
    return cusparseSpSV_solve(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &alpha, A, x, y, CUDA_R_32F,  // expect: HP015
                              CUSPARSE_SPSV_ALG_DEFAULT, sv);
}
