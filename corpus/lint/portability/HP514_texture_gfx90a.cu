// MI200 (the default target) has image instructions: textures are fine.
#include <hip/hip_runtime.h>

__global__ void gather(hipTextureObject_t table, const int* idx, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = tex1Dfetch<float>(table, idx[i]);  // ok: HP514
    }
}
