// hipify-plus-test: rocm-version=6.2
// A project's own HIP port header, as ggml's vendors/hip.h: it defines the CUDA names the code
// uses for the AMD build. The lines that define them are the port, not hazards.
#pragma once
#include <hip/hip_runtime.h>
#include <hip/hip_bf16.h>
#include <hipblas/hipblas.h>

#define CUBLAS_GEMM_DEFAULT_TENSOR_OP HIPBLAS_GEMM_DEFAULT  // ok: HP316
#define CUBLAS_TF32_TENSOR_OP_MATH 0  // ok: HP312
#define __CUDA_ARCH__ 1300

typedef __hip_bfloat16 nv_bfloat16;  // ok: HP504

static __device__ __forceinline__ int __vsubss4(const int a, const int b) {
    const int8_t *a8 = (const int8_t *)&a, *b8 = (const int8_t *)&b;
    int result = 0;
    int8_t *r8 = (int8_t *)&result;
    for (int i = 0; i < 4; ++i) {
        int d = a8[i] - b8[i];
        r8[i] = d > 127 ? 127 : (d < -128 ? -128 : d);
    }
    return result;
}
