// hipify-plus-test: rocm-version=5.7 requires=hipblaslt/hipblaslt.h
// One benchmark of the set: a cuBLASLt matmul and a strided-batched GEMM in the header's
// precision, with the header's compute-type variable and type macros.
#include <cstdio>
#include <cuda_bf16.h>  // expect: HP008
#include "gemm_state.h"

static int lt_descriptors(int m, int n, int k, cublasLtMatmulDesc_t *desc, cublasLtMatrixLayout_t *a)
{
    if (cublasLtMatmulDescCreate(desc, bench_compute, CUDA_R_32F) != CUBLAS_STATUS_SUCCESS)
        return 1;
    return cublasLtMatrixLayoutCreate(a, BENCH_LOWP, m, k, m) != CUBLAS_STATUS_SUCCESS;
}

static int batched(const __nv_bfloat16 *A, const __nv_bfloat16 *B, __nv_bfloat16 *C, int m, int n, int k, int count)  // expect: HP008, HP008, HP008
{
    const float alpha = 1.0f, beta = 0.0f;
    cublasStatus_t status = cublasGemmStridedBatchedEx(bench_blas, CUBLAS_OP_T, CUBLAS_OP_N, m, n, k, &alpha,  // expect: HP008
                                                       A, BENCH_LOWP, k, (long long)m * k,
                                                       B, BENCH_LOWP, k, (long long)n * k, &beta,
                                                       C, BENCH_LOWP, m, (long long)m * n, count,
                                                       BENCH_LOWP_COMPUTE, CUBLAS_GEMM_DEFAULT);
    return status != CUBLAS_STATUS_SUCCESS;
}

int main()
{
    bench_setup(1);
    bench_compute = CUBLAS_COMPUTE_32F;
    cublasLtMatmulDesc_t desc;
    cublasLtMatrixLayout_t a;
    int failed = lt_descriptors(64, 64, 64, &desc, &a);
    std::printf("%s, %s\n", failed ? "failed" : "ok", bench_compute == CUBLAS_COMPUTE_32F ? "FP32" : "TF32");
    return failed + batched(nullptr, nullptr, nullptr, 64, 64, 64, 4);
}
