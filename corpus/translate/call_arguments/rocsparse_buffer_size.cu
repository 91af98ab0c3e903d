// hipify-plus-test: roc
// cuSPARSE's legacy buffer-size queries write an int where rocSPARSE's write a size_t: under
// --roc, an `int` declared alone in the function and used by address only in those calls becomes
// a size_t (HP019, on the declaration) and the calls are translated, the csrilu02 one with
// HIPIFY's cast (a no-op on a size_t). rocsparse_left.cu has the variables convert leaves.
#include <cuda_runtime.h>
#include <cusparse.h>

size_t sizes(cusparseHandle_t h, cusparseMatDescr_t descr, csrilu02Info_t info, int m, int nnz,
             double *val, const int *rowPtr, const int *colInd, int mb, int nnzb)
{
    int bytes = 0;  // expect: HP019
    cusparseDcsrilu02_bufferSize(h, m, nnz, descr, val, rowPtr, colInd, info, &bytes);
    size_t total = bytes;
    cusparseDgebsr2gebsr_bufferSize(h, CUSPARSE_DIRECTION_ROW, mb, mb, nnzb, descr, val, rowPtr, colInd, 2, 2,
                                    4, 4, &bytes);
    return total + bytes;
}
