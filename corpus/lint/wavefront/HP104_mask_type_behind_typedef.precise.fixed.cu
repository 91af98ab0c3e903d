// hipify-plus-test: rocm-version=6.3
// Lane masks kept in the project's own mask type: only clang sees that `lane_mask_t` is 32 bits
// (with --precise); the text alone sees a name it does not know.
#include <hip/hip_runtime.h>
#include <cstdint>

typedef unsigned int lane_mask_t;
using wide_mask_t = unsigned long long;

__device__ int count_positive(int v)
{
    unsigned long long positive = __ballot(v > 0);  // precise: HP104
    wide_mask_t negative = __ballot(v < 0);  // ok: HP104
    return __popcll(positive) + __popcll(negative);
}
