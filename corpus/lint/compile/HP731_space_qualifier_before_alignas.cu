// HP731 space-qualifier-before-alignas: a memory-space qualifier written before alignas, in a
// kernel and at file scope; the other order, and the words in comments and strings, are left.
#include <hip/hip_runtime.h>

__device__ alignas(16) float table[64];  // expect: HP731
alignas(16) __constant__ float weights[64];  // ok: HP731

__global__ void tile(const float4 *in, float *out)
{
    constexpr int stages = 2;
    __shared__ alignas(alignof(float4)) float a[stages][16][16];  // expect: HP731
    __shared__   alignas(16) float b[16];  // expect: HP731
    alignas(8) __shared__ float c[16];  // ok: HP731
    // __shared__ alignas(16) in a comment stays
    const char *note = "__shared__ alignas(16)";  // ok: HP731
    a[0][threadIdx.y][threadIdx.x] = in[threadIdx.x].x + table[threadIdx.x] + weights[threadIdx.x];
    b[threadIdx.x] = a[0][0][threadIdx.x];
    c[threadIdx.x] = b[threadIdx.x];
    out[threadIdx.x] = c[threadIdx.x] + note[0];
}
