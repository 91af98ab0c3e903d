// hipify-plus-test: arch=gfx90a,gfx942
// Texture-object lookups in a kernel built for MI200 and MI300.
#include <hip/hip_runtime.h>

__global__ void gather(hipTextureObject_t table, const int* idx, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = tex1Dfetch<float>(table, idx[i]);  // expect: HP514
    }
}

__global__ void sample(hipTextureObject_t image, hipSurfaceObject_t target, float u, float v)
{
    float value = tex2D<float>(image, u, v);  // expect: HP514
    surf2Dwrite(value, target, threadIdx.x * sizeof(float), threadIdx.y);  // expect: HP514
}

__global__ void gather_ldg(const float* table, const int* idx, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = __ldg(&table[idx[i]]);  // ok: HP514
    }
}

__global__ void gather_guarded(hipTextureObject_t table, const float* base, const int* idx, float* out)
{
#if !defined(__HIP_NO_IMAGE_SUPPORT) || !__HIP_NO_IMAGE_SUPPORT
    out[threadIdx.x] = tex1Dfetch<float>(table, idx[threadIdx.x]);  // ok: HP514
#else
    out[threadIdx.x] = __ldg(&base[idx[threadIdx.x]]);
#endif
}
