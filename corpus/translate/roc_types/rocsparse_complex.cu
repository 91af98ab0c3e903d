// hipify-plus-test: roc
// A file that calls cuSPARSE and not cuBLAS: under --roc its complex values are rocSPARSE's own
// complex types (rocBLAS's are another class, and rocblas.h is not included here).
#include <cuda_runtime.h>
#include <cuComplex.h>
#include <cusparse.h>

int axpyi(cusparseHandle_t handle, int nnz, const cuComplex *alpha, const cuComplex *xVal,
          const int *xInd, cuComplex *y)
{
    cuDoubleComplex *unused = nullptr;
    (void)unused;
    return (int)cusparseCaxpyi(handle, nnz, alpha, xVal, xInd, y, CUSPARSE_INDEX_BASE_ZERO);
}
