// hipify-plus-test: compile=no rocm-version=5.7
// Math-mode calls the rewrite must leave alone: a mode read again after the call, and arguments
// that compute something (dropping them would drop work).
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>

hipblasMath_t remembered;
hipblasHandle_t next_handle();

hipblasStatus_t keep_mode(hipblasHandle_t handle, int allow_tf32)
{
    hipblasMath_t mode = allow_tf32 ? HIPBLAS_TF32_TENSOR_OP_MATH : HIPBLAS_DEFAULT_MATH;
    hipblasStatus_t status = hipblasSetMathMode(handle, mode);  // expect: HP730
    remembered = mode;
    return status;
}

hipblasStatus_t computed_handle()
{
    return hipblasSetMathMode(next_handle(), HIPBLAS_DEFAULT_MATH);  // expect: HP730
}
