// A CUDA source with bf16: one finding per file, at the include.
#include <cuda_runtime.h>
#include <cuda_bf16.h>  // expect: HP504

__global__ void relu_bf16(__nv_bfloat16* x, int n)  // ok: HP504
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && __bfloat162float(x[i]) < 0.0f) {
        x[i] = __float2bfloat16(0.0f);
    }
}
