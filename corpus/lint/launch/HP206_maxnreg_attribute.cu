// hipify-plus-test: unsafe-fixes
// CUDA 12.4 per-kernel register caps.
#include <hip/hip_runtime.h>

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
