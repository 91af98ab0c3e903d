// hipify-plus-test: select=HP312
// After `convert --roc`: the math-mode value kept its hipBLAS spelling.
#include <hip/hip_runtime.h>
#include <rocblas/rocblas.h>

void configure(rocblas_handle handle, hipStream_t stream)
{
    rocblas_set_stream(handle, stream);
    rocblas_set_math_mode(handle, rocblas_xf32_xdl_math_op);  // expect: HP312
    rocblas_set_math_mode(handle, rocblas_default_math);  // ok: HP312
}
