// hipify-plus-test: roc
// A file that calls cuSPARSE and not cuBLAS: under --roc its complex values are rocSPARSE's own
// complex types (rocBLAS's are another class, and rocblas.h is not included here).
#include <hip/hip_runtime.h>
#include <hip/hip_complex.h>
#include <rocsparse/rocsparse.h>

int axpyi(rocsparse_handle handle, int nnz, const rocsparse_float_complex *alpha, const rocsparse_float_complex *xVal,
          const int *xInd, rocsparse_float_complex *y)
{
    rocsparse_double_complex *unused = nullptr;
    (void)unused;
    return (int)rocsparse_caxpyi(handle, nnz, alpha, xVal, xInd, y, rocsparse_index_base_zero);
}
