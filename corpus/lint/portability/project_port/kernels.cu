// hipify-plus-test: rocm-version=6.2
// Code written against the project's port header: the CUDA names it uses are the project's own on
// AMD, and the branches only NVIDIA compiles are read as the AMD build reads them.
#include "common.cuh"

__device__ int sub_bytes(int a, int b)
{
    return __vsubss4(a, b);  // ok: HP503
}

__device__ float widen(nv_bfloat16 x)  // ok: HP504
{
    return static_cast<float>(x);
}

__device__ void mma(int *d, const int *a)
{
#ifdef AMPERE_MMA_AVAILABLE
    asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0}, {%1};" : "+r"(d[0]) : "r"(a[0]));  // ok: HP501
#else
    d[0] += a[0];
#endif
}

__global__ void pick(int *out)
{
#if __CUDA_ARCH__ >= MYLIB_CC_AMPERE  // ok: HP502
    out[threadIdx.x] = sub_bytes(out[threadIdx.x], 1);
#else
    out[threadIdx.x] = 0;
#endif
}

void gemm(hipblasHandle_t handle)
{
    hipblasSetMathMode(handle, (hipblasMath_t)CUBLAS_TF32_TENSOR_OP_MATH);  // ok: HP312
    (void)CUBLAS_GEMM_DEFAULT_TENSOR_OP;  // ok: HP316
}
