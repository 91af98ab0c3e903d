// hipify-plus-test: rocm-version=5.7 requires=hipblaslt/hipblaslt.h
// State shared by a set of GEMM benchmarks: a cuBLAS handle, a cuBLASLt handle and the precision
// they run in. Each benchmark program includes this header.
#pragma once
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cublasLt.h>

#define BENCH_LOWP CUDA_R_16BF  // operands and results
#define BENCH_LOWP_COMPUTE CUBLAS_COMPUTE_32F  // expect: HP008

static cublasHandle_t bench_blas;
static cublasLtHandle_t bench_lt;
static cublasComputeType_t bench_compute;

static void bench_setup(int allow_tf32)
{
    cublasCreate(&bench_blas);
    cublasLtCreate(&bench_lt);
    bench_compute = allow_tf32 ? CUBLAS_COMPUTE_32F_FAST_TF32 : CUBLAS_COMPUTE_32F;  // expect: HP312
    cublasMath_t math = allow_tf32 ? CUBLAS_TF32_TENSOR_OP_MATH : CUBLAS_DEFAULT_MATH;
    cublasSetMathMode(bench_blas, math);  // expect: HP312
}
