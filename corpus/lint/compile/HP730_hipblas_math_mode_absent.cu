// hipify-plus-test: fails-before rocm-version=5.7 needs-header=hipblas/hipblas.h
// A GEMM helper that asks for TF32 math when the device allows it, renamed for a hipBLAS
// without math modes.
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>
#include <cstdio>

#define BLAS_CHECK(call) do { hipblasStatus_t s_ = (call); if (s_ != HIPBLAS_STATUS_SUCCESS) { \
    std::printf("hipBLAS error %d at %d\n", (int)s_, __LINE__); return s_; } } while (0)

hipblasStatus_t make_handle(hipblasHandle_t *out, int allow_tf32)
{
    hipblasHandle_t handle;
    BLAS_CHECK(hipblasCreate(&handle));
    hipblasMath_t mode = allow_tf32 ? HIPBLAS_TF32_TENSOR_OP_MATH : HIPBLAS_DEFAULT_MATH;
    BLAS_CHECK(hipblasSetMathMode(handle, mode));  // expect: HP730
    *out = handle;
    return HIPBLAS_STATUS_SUCCESS;
}

hipblasStatus_t default_math(hipblasHandle_t handle)
{
    return hipblasSetMathMode(handle, HIPBLAS_DEFAULT_MATH);  // expect: HP730
}
