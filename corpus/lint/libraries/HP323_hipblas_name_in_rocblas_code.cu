// hipify-plus-test: select=HP323
// cuda-samples' helper_cuda.h error-string switch after `convert --roc`.
#include <hip/hip_runtime.h>
#include <rocblas/rocblas.h>

static const char* blas_status_name(rocblas_status error)
{
    switch (error) {
    case rocblas_status_success:  // ok: HP323
        return "CUBLAS_STATUS_SUCCESS";
    case HIPBLAS_STATUS_UNKNOWN:  // expect: HP323
        return "CUBLAS_STATUS_LICENSE_ERROR";
    default:
        return "<unknown>";
    }
}
