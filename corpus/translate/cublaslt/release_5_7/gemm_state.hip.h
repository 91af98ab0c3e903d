// hipify-plus-test: rocm-version=5.7 requires=hipblaslt/hipblaslt.h
// State shared by a set of GEMM benchmarks: a cuBLAS handle, a cuBLASLt handle and the precision
// they run in. Each benchmark program includes this header.
#pragma once
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
#include <hipblaslt/hipblaslt.h>

#define BENCH_LOWP HIPBLAS_R_16B  // operands and results
#define BENCH_LOWP_COMPUTE HIPBLAS_R_32F  // expect: HP008

static hipblasHandle_t bench_blas;
static hipblasLtHandle_t bench_lt;
static hipblasLtComputeType_t bench_compute;

static void bench_setup(int allow_tf32)
{
    hipblasCreate(&bench_blas);
    hipblasLtCreate(&bench_lt);
    bench_compute = allow_tf32 ? HIPBLASLT_COMPUTE_F32 /* hipify-plus: TF32 requested: FP32 compute for gfx90a */ : HIPBLASLT_COMPUTE_F32;  // expect: HP312
    /* no math modes before ROCm 6.1: hipblasMath_t math = allow_tf32 ? HIPBLAS_TF32_TENSOR_OP_MATH : HIPBLAS_DEFAULT_MATH; */
    (void)HIPBLAS_STATUS_SUCCESS /* hipify-plus: TF32 requested: no math modes before ROCm 6.1, FP32 GEMMs compute in FP32 */;  // expect: HP312
}
