// cuda-samples' mergeSort_host.cpp after renaming: the host code defines its own umin, so the
// calls are the project's and need nothing.
#include <hip/hip_runtime.h>

typedef unsigned int uint;

static uint umin(uint a, uint b) { return (a <= b) ? a : b; }

uint merged_length(uint stride, uint N, uint segmentBase)
{
    return umin(stride, N - segmentBase - stride);  // ok: HP715
}
