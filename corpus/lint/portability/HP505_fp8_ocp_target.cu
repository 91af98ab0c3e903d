// FP8 on a target without FNUZ hardware (default gfx90a): the OCP encoding matches CUDA.
#include <cuda_fp8.h>  // ok: HP505

__global__ void quantize(const float* in, __nv_fp8_e4m3* out, float scale, int n)  // ok: HP505
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = __nv_fp8_e4m3(in[i] * scale);  // ok: HP505
    }
}
