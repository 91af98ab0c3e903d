// hipify-plus-test: rocm-version=5.7 requires=hipblaslt/hipblaslt.h
// One benchmark of the set: a cuBLASLt matmul and a strided-batched GEMM in the header's
// precision, with the header's compute-type variable and type macros.
#include <cstdio>
#include <hip/hip_runtime.h>
#include <hip/hip_bfloat16.h>  // expect: HP008
#include "gemm_state.h"

static int lt_descriptors(int m, int n, int k, hipblasLtMatmulDesc_t *desc, hipblasLtMatrixLayout_t *a)
{
    if (hipblasLtMatmulDescCreate(desc, bench_compute, HIPBLAS_R_32F) != HIPBLAS_STATUS_SUCCESS)
        return 1;
    return hipblasLtMatrixLayoutCreate(a, BENCH_LOWP, m, k, m) != HIPBLAS_STATUS_SUCCESS;
}

static int batched(const hip_bfloat16 *A, const hip_bfloat16 *B, hip_bfloat16 *C, int m, int n, int k, int count)  // expect: HP008, HP008, HP008
{
    const float alpha = 1.0f, beta = 0.0f;
    hipblasStatus_t status = hipblasGemmStridedBatchedEx(bench_blas, HIPBLAS_OP_T, HIPBLAS_OP_N, m, n, k, &alpha,  // expect: HP008
                                                       A, BENCH_LOWP, k, (long long)m * k,
                                                       B, BENCH_LOWP, k, (long long)n * k, &beta,
                                                       C, BENCH_LOWP, m, (long long)m * n, count,
                                                       BENCH_LOWP_COMPUTE, HIPBLAS_GEMM_DEFAULT);
    return status != HIPBLAS_STATUS_SUCCESS;
}

int main()
{
    bench_setup(1);
    bench_compute = HIPBLASLT_COMPUTE_F32;
    hipblasLtMatmulDesc_t desc;
    hipblasLtMatrixLayout_t a;
    int failed = lt_descriptors(64, 64, 64, &desc, &a);
    std::printf("%s, %s\n", failed ? "failed" : "ok", bench_compute == HIPBLASLT_COMPUTE_F32 ? "FP32" : "TF32");
    return failed + batched(nullptr, nullptr, nullptr, 64, 64, 64, 4);
}
