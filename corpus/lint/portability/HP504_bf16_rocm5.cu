// hipify-plus-test: rocm-version=5.7
// Before ROCm 6.0 only hip_bfloat16 exists: nothing to suggest.
#include <hip/hip_runtime.h>
#include <hip/hip_bfloat16.h>  // ok: HP504

__global__ void copy_bf16(const __nv_bfloat16* in, hip_bfloat16* out, int n)  // ok: HP504
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = hip_bfloat16(float(in[i]));
    }
}
