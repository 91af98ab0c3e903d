// hipify-plus-test: roc
// A file that calls cuBLAS and cuSPARSE: each call's data-type argument becomes its own library's
// enumerator (rocBLAS's rocblas_datatype, rocSPARSE's rocsparse_datatype).
#include <hip/hip_runtime.h>
#include <rocblas/rocblas.h>
#include <rocsparse/rocsparse.h>

void step(rocblas_handle blas, rocsparse_handle sparse, rocsparse_dnvec_descr *v, float *x, int n,
          const float *a, const float *b, float *c)
{
    rocsparse_create_dnvec_descr(v, n, x, rocsparse_datatype_f32_r);
    const float one = 1.0f, zero = 0.0f;
    rocblas_gemm_ex(blas, rocblas_operation_none, rocblas_operation_none, n, n, n, &one, a, rocblas_datatype_f32_r, n, b, rocblas_datatype_f32_r, n, &zero,
                 c, rocblas_datatype_f32_r, n, c, rocblas_datatype_f32_r, n, rocblas_datatype_f32_r, rocblas_gemm_algo_standard, 0, rocblas_gemm_flags_none);
}
