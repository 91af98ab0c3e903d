// hipify-plus-test: roc
// A file that calls cuBLAS and cuSPARSE: each call's data-type argument becomes its own library's
// enumerator (rocBLAS's rocblas_datatype, rocSPARSE's rocsparse_datatype).
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cusparse.h>

void step(cublasHandle_t blas, cusparseHandle_t sparse, cusparseDnVecDescr_t *v, float *x, int n,
          const float *a, const float *b, float *c)
{
    cusparseCreateDnVec(v, n, x, CUDA_R_32F);
    const float one = 1.0f, zero = 0.0f;
    cublasGemmEx(blas, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, a, CUDA_R_32F, n, b, CUDA_R_32F, n, &zero,
                 c, CUDA_R_32F, n, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
}
