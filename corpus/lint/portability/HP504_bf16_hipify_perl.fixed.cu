// hipify-plus-test: unsafe-fixes
// What hipify-perl leaves: __nv_bfloat16 became the old hip_bfloat16 struct, cuda_bf16.h stayed.
#include <hip/hip_runtime.h>
#include <hip/hip_bf16.h>  // expect: HP504
#include <hip/hip_bf16.h>  // expect: HP504

__global__ void to_bf16(const float* in, __hip_bfloat16* out, int n)  // expect: HP504
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = __float2bfloat16(in[i]);
    }
}
