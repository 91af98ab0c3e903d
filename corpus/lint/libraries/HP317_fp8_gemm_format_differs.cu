// hipify-plus-test: select=HP317 arch=gfx942
// FP8 (e4m3 weights, e5m2 gradients) GEMM layouts for cuBLASLt, built for MI300.
#include <cublasLt.h>

void layouts(cublasLtMatrixLayout_t* a, cublasLtMatrixLayout_t* b, cublasLtMatrixLayout_t* d, int m, int n, int k)
{
    cublasLtMatrixLayoutCreate(a, CUDA_R_8F_E4M3, k, m, k);  // expect: HP317
    cublasLtMatrixLayoutCreate(b, CUDA_R_8F_E5M2, k, n, k);  // expect: HP317
    cublasLtMatrixLayoutCreate(d, CUDA_R_16BF, m, n, m);  // ok: HP317
}
