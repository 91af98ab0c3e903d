// hipify-plus-test: roc
// cuSPARSE's legacy buffer-size queries write an int where rocSPARSE's write a size_t: under
// --roc, an `int` declared alone in the function and used by address only in those calls becomes
// a size_t (HP019, on the declaration) and the calls are translated, the csrilu02 one with
// HIPIFY's cast (a no-op on a size_t). rocsparse_left.cu has the variables convert leaves.
#include <hip/hip_runtime.h>
#include <rocsparse/rocsparse.h>

size_t sizes(rocsparse_handle h, rocsparse_mat_descr descr, rocsparse_mat_info info, int m, int nnz,
             double *val, const int *rowPtr, const int *colInd, int mb, int nnzb)
{
    size_t bytes = 0;  // expect: HP019
    rocsparse_dcsrilu0_buffer_size(h, m, nnz, descr, val, rowPtr, colInd, info, reinterpret_cast<size_t*>(&bytes));
    size_t total = bytes;
    rocsparse_dgebsr2gebsr_buffer_size(h, rocsparse_direction_row, mb, mb, nnzb, descr, val, rowPtr, colInd, 2, 2,
                                    4, 4, &bytes);
    return total + bytes;
}
