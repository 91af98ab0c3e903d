// hipify-plus-test: fails-before
// Texture and surface objects packed into two 32-bit words and back, as bindless-texture code
// stores them in a uint2 (cuda-samples' bindlessTexture, after renaming): integers in CUDA,
// pointers in HIP.
#include <hip/hip_runtime.h>

__host__ __device__ inline uint2 pack(hipTextureObject_t obj)
{
    return make_uint2((unsigned)((unsigned long long)obj & 0xFFFFFFFF), (unsigned)((unsigned long long)obj >> 32));  // expect: HP708, HP708
}

__host__ __device__ inline hipTextureObject_t unpack(uint2 words)
{
    return (hipTextureObject_t)(((unsigned long long)words.x) | ((unsigned long long)words.y) << 32);  // expect: HP708
}

__device__ float sample_packed(const uint2* table, int i, float u)
{
    return tex1D<float>(unpack(table[i]), u);
}

__host__ bool same_surface(hipSurfaceObject_t a, unsigned long long key)
{
    return (unsigned long long)a == key;  // expect: HP708
}
