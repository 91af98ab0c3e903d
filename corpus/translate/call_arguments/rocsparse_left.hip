// hipify-plus-test: roc
// cuSPARSE calls convert leaves as they are under --roc, each with the reason (HP015): no
// rewrite of them is right. And the SpSV/SpSM calls whose descriptor rocSPARSE replaces by its
// stage argument (the descriptors' types have no rocSPARSE counterpart, so this file does not
// compile under --roc either way).
#include <hip/hip_runtime.h>
#include <rocsparse/rocsparse.h>

#define ILU_ARGS h, m, nnz, descr, val, rowPtr, colInd, info, &bytes

int sizes(rocsparse_handle h, rocsparse_mat_descr descr, rocsparse_mat_info info, int m, int nnz,
          float *val, const int *rowPtr, const int *colInd)
{
    int bytes = 0;  // rocSPARSE writes a size_t here
    cusparseScsrilu02_bufferSize(h, m, nnz, descr, val, rowPtr, colInd, info, &bytes);  // expect: HP015
    cusparseScsrilu02_bufferSize(ILU_ARGS);  // expect: HP015
    return bytes;
}

int kept(rocsparse_handle h, rocsparse_mat_descr descr, rocsparse_mat_info info, int m, int nnz,
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

void solve(rocsparse_handle h, rocsparse_spmat_descr A, rocsparse_dnmat_descr B, rocsparse_dnmat_descr C,
           rocsparse_dnvec_descr x, rocsparse_dnvec_descr y, hipsparseSpSVDescr_t sv, hipsparseSpSMDescr_t sm,
           void *buffer)
{
    const float alpha = 1.0f;
    size_t bytes = 0;
    rocsparse_spsv(h, rocsparse_operation_none, &alpha, A, x, y, rocsparse_datatype_f32_r,
                            rocsparse_spsv_alg_default, rocsparse_spsv_stage_buffer_size, &bytes, nullptr);
    rocsparse_spsm(h, rocsparse_operation_none, rocsparse_operation_none, &alpha, A, B,
                          C, rocsparse_datatype_f32_r, rocsparse_spsm_alg_default, rocsparse_spsm_stage_preprocess, nullptr, buffer);
    cusparseSpSM_solve(h, rocsparse_operation_none, rocsparse_operation_none, &alpha,  // expect: HP015
                       A, B, C, rocsparse_datatype_f32_r, rocsparse_spsm_alg_default, sm);
}
