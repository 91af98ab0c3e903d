// A version test whose branches each open a loop that closes after #endif (cuda-samples'
// batchCUBLAS): the grammar cannot read the #if as a directive, and the test still reads 0 on AMD.
#include <hip/hip_runtime.h>
#include "HP702_api_version.h"

int passes(int n)
{
    int total = 0;
#if CUDART_VERSION >= 4010  // expect: HP702
    for (int pass = 0; pass < 3; pass++) {
#else
    for (int pass = 0; pass < 2; pass++) {
#endif
        total += pass * n;
    }
#if __CUDA_API_VERSION >= 3020  // ok: HP702 (the project's header defines it)
    total += 1;
#endif
    return total;
}
