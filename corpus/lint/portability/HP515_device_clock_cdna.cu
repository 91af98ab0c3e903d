// On CDNA (the default target) clock64() counts shader cycles as on NVIDIA.
#include <hip/hip_runtime.h>

__global__ void timed(float* x, long long* cycles)
{
    long long start = clock64();  // ok: HP515
    x[threadIdx.x] = sqrtf(x[threadIdx.x]);
    cycles[threadIdx.x] = clock64() - start;  // ok: HP515
}
