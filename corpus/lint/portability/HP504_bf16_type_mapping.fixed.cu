// A HIP port that still carries CUDA's bf16 names.
#include <hip/hip_runtime.h>
#include <hip/hip_bf16.h>  // expect: HP504
#include <hip/hip_bf16.h>  // ok: HP504

__global__ void scale_bf16(__hip_bfloat16* x, float s, int n)  // expect: HP504
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        x[i] = __float2bfloat16(__bfloat162float(x[i]) * s);
    }
}

__global__ void add_pairs(const __hip_bfloat162* a, __hip_bfloat162* out, int n)  // expect: HP504
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = a[i];
    }
}

size_t bytes_for(int n)
{
    return n * sizeof(__hip_bfloat16);  // expect: HP504
}

__device__ __hip_bfloat16 portable_zero()  // ok: HP504
{
    return __float2bfloat16(0.0f);
}
