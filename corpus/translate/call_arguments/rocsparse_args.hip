// hipify-plus-test: roc
// cuSPARSE calls whose rocSPARSE counterparts take other arguments: policies, the interleaved
// batch stride, work buffers rocSPARSE does not take, and the generic API's stage argument.
#include <cstddef>
#include <hip/hip_runtime.h>
#include <rocsparse/rocsparse.h>

void ilu0(rocsparse_handle h, rocsparse_mat_descr descr, rocsparse_mat_info info, int m, int nnz,
          float *val, const int *rowPtr, const int *colInd, void *buffer)
{
    rocsparse_scsrilu0_analysis(h, m, nnz, descr, val, rowPtr, colInd, info,
                               rocsparse_analysis_policy_force, rocsparse_solve_policy_auto, buffer);
    rocsparse_scsrilu0(h, m, nnz, descr, val, rowPtr, colInd, info, rocsparse_solve_policy_auto, buffer);
}

void triangular(rocsparse_handle h, rocsparse_mat_descr descr, rocsparse_mat_info info, int m, int nnz,
                const double *val, const int *rowPtr, const int *colInd, const double *x, double *y,
                rocsparse_solve_policy policy, void *buffer)
{
    const double one = 1.0;
    rocsparse_dcsrsv_analysis(h, rocsparse_operation_none, m, nnz, descr, val, rowPtr, colInd,
                             info, rocsparse_analysis_policy_force, rocsparse_solve_policy_auto, buffer);
    rocsparse_dcsrsv_solve(h, rocsparse_operation_none, m, nnz, &one, descr, val, rowPtr, colInd,
                          info, x, y, rocsparse_solve_policy_auto, buffer);
}

void tridiagonal(rocsparse_handle h, int m, int batchCount, float *dl, float *d, float *du, float *x,
                 void *buffer)
{
    size_t bytes = 0;
    rocsparse_sgtsv_interleaved_batch_buffer_size(h, static_cast<rocsparse_gtsv_interleaved_alg>(0 + 1), m, dl, d, du, x, batchCount, batchCount, &bytes);
    rocsparse_sgtsv_interleaved_batch(h, static_cast<rocsparse_gtsv_interleaved_alg>(0 + 1), m, dl, d, du, x, batchCount, batchCount, buffer);
}

void add(rocsparse_handle h, int m, int n, const float *alpha, rocsparse_mat_descr dA, int nnzA,
         const float *vA, const int *pA, const int *iA, const float *beta, rocsparse_mat_descr dB, int nnzB,
         const float *vB, const int *pB, const int *iB, rocsparse_mat_descr dC, float *vC, int *pC, int *iC,
         int *nnzC, void *buffer)
{
    rocsparse_csrgeam_nnz(h, m, n, dA, nnzA, pA, iA, dB, nnzB, pB, iB, dC, pC, nnzC);
    rocsparse_scsrgeam(h, m, n, alpha, dA, nnzA, vA, pA, iA, beta, dB, nnzB, vB, pB, iB,
                      dC, vC, pC, iC);
}

size_t transpose_size(rocsparse_handle h, int m, int n, int nnz, const float *val, const int *rowPtr,
                      const int *colInd, float *cscVal, int *cscColPtr, int *cscRowInd)
{
    size_t bytes = 0;
    rocsparse_csr2csc_buffer_size(h, m, n, nnz, rowPtr, colInd, rocsparse_action_numeric, &bytes);
    return bytes;
}

void generic(rocsparse_handle h, rocsparse_spmat_descr A, rocsparse_dnvec_descr x, rocsparse_dnvec_descr y,
             rocsparse_dnmat_descr B, rocsparse_dnmat_descr C, rocsparse_spvec_descr sx, void *buffer)
{
    const float alpha = 1.0f, beta = 0.0f;
    float dot = 0.0f;
    size_t bytes = 0;
    rocsparse_spmv(h, rocsparse_operation_none, &alpha, A, x, &beta, y, rocsparse_datatype_f32_r,
                            rocsparse_spmv_alg_default, rocsparse_spmv_stage_buffer_size, &bytes, nullptr);
    rocsparse_spmv(h, rocsparse_operation_none, &alpha, A, x, &beta, y, rocsparse_datatype_f32_r,
                 rocsparse_spmv_alg_default, rocsparse_spmv_stage_compute, nullptr, buffer);
    rocsparse_spmm(h, rocsparse_operation_none, rocsparse_operation_none, &alpha,
                            A, B, &beta, C, rocsparse_datatype_f32_r, rocsparse_spmm_alg_default, rocsparse_spmm_stage_buffer_size, &bytes, nullptr);
    rocsparse_spmm(h, rocsparse_operation_none, rocsparse_operation_none, &alpha,
                            A, B, &beta, C, rocsparse_datatype_f32_r, rocsparse_spmm_alg_default, rocsparse_spmm_stage_preprocess, nullptr, buffer);
    rocsparse_spmm(h, rocsparse_operation_none, rocsparse_operation_none, &alpha, A, B, &beta,
                 C, rocsparse_datatype_f32_r, rocsparse_spmm_alg_default, rocsparse_spmm_stage_compute, nullptr, buffer);
    rocsparse_spvv(h, rocsparse_operation_none, sx, y, &dot, rocsparse_datatype_f32_r, &bytes, nullptr);
    rocsparse_spvv(h, rocsparse_operation_none, sx, y, &dot, rocsparse_datatype_f32_r, nullptr, buffer);
    rocsparse_sparse_to_dense(h, A, B, rocsparse_sparse_to_dense_alg_default, &bytes, nullptr);
    rocsparse_sparse_to_dense(h, A, B, rocsparse_sparse_to_dense_alg_default, nullptr, buffer);
    rocsparse_dense_to_sparse(h, B, A, rocsparse_dense_to_sparse_alg_default, &bytes, nullptr);
    rocsparse_dense_to_sparse(h, B, A, rocsparse_dense_to_sparse_alg_default, nullptr, buffer);
}
