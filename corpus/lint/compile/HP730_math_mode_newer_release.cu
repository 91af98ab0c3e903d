// hipify-plus-test: compile=no rocm-version=6.1
// hipBLAS has math modes from ROCm 6.1: nothing to rewrite.
#include <hip/hip_runtime.h>
#include <hipblas/hipblas.h>

hipblasStatus_t default_math(hipblasHandle_t handle)
{
    return hipblasSetMathMode(handle, HIPBLAS_DEFAULT_MATH);  // ok: HP730
}
