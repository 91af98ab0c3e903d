// hipify-plus-test: unsafe-fixes
// CUDA 12.4 per-kernel register caps.
#include <hip/hip_runtime.h>

// hipify-plus: CUDA's __maxnreg__(N) caps registers per thread; amdgpu_num_vgpr is the AMD cap. On gfx90a and
// gfx94x the VGPR and AGPR files are unified and the request is doubled, so N/2 gives N registers in all.
#if defined(__HIP_PLATFORM_AMD__) && !defined(__maxnreg__)
#if defined(__gfx90a__) || defined(__gfx940__) || defined(__gfx941__) || defined(__gfx942__) || defined(__gfx950__)
#define __maxnreg__(n) __attribute__((amdgpu_num_vgpr((n) / 2)))
#else
#define __maxnreg__(n) __attribute__((amdgpu_num_vgpr(n)))
#endif
#endif
__global__ void __maxnreg__(64) decode_step(const float* in, float* out)  // expect: HP206
{
    out[threadIdx.x] = in[threadIdx.x] * 0.5f;
}

__global__ void __maxnreg__(128) encode_step(const float* in, float* out)  // expect: HP206
{
    out[threadIdx.x] = in[threadIdx.x] * 2.0f;
}

__global__ void __launch_bounds__(128) no_register_cap(float* x)  // ok: HP206
{
    x[threadIdx.x] = 0.0f;
}
