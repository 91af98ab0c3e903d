// Code that read the wavefront size from the compiler's predefined macro.
#include <hip/hip_runtime.h>

// HP_WARP_SIZE (hipify-plus): compile-time wavefront size of the device pass. The AMD host
// pass sees 64 even for RDNA targets: host code must query hipDeviceAttributeWarpSize.
#ifndef HP_WARP_SIZE
#if defined(__HIP__) && (!defined(__HIP_DEVICE_COMPILE__) || defined(__GFX8__) || defined(__GFX9__))
#define HP_WARP_SIZE 64
#else
#define HP_WARP_SIZE 32
#endif
#endif

#if HP_WARP_SIZE == 64  // expect: HP107
#define LANES_PER_WAVE 64
#else
#define LANES_PER_WAVE 32  // ok: HP101 (chosen per wavefront size)
#endif

#ifdef __AMDGCN_WAVEFRONT_SIZE  // expect: HP107
#define ON_AMD 1
#endif

#if defined(__AMDGCN__)  // ok: HP107 (the portable test for AMD device code)
#define DEVICE_PASS 1
#endif

#define WAVE_LANES __AMDGCN_WAVEFRONT_SIZE  // expect: HP107

__global__ void wave_ids(int *ids)
{
    constexpr int wave = HP_WARP_SIZE;  // expect: HP107
    ids[blockIdx.x * blockDim.x + threadIdx.x] = threadIdx.x / wave;
}

int threads_for(int waves)
{
    return waves * __AMDGCN_WAVEFRONT_SIZE;  // expect: HP107
}

int main()
{
    int *ids = nullptr;
    hipMalloc(&ids, threads_for(4) * sizeof(int));
    wave_ids<<<1, threads_for(4)>>>(ids);
    return LANES_PER_WAVE + ON_AMD + WAVE_LANES;
}
