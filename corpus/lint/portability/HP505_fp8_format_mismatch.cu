// hipify-plus-test: arch=gfx90a,gfx942
// FP8 quantisation written for CUDA's OCP formats, built for MI300 too.
#include <cuda_fp8.h>  // expect: HP505
#include <hip/hip_fp8.h>

__global__ void quantize(const float* in, __nv_fp8_e4m3* out, float scale, int n)  // expect: HP505
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = __nv_fp8_e4m3(in[i] * scale);  // expect: HP505
    }
}

__global__ void pack(const float2* in, __nv_fp8x2_storage_t* out, int n)  // expect: HP505
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = __nv_cvt_float2_to_fp8x2(in[i], __NV_SATFINITE, __NV_E4M3);  // expect: HP505
    }
}

__global__ void quantize_hip(const float* in, __hip_fp8_e4m3* out, int n)  // expect: HP505
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = __hip_fp8_e4m3(in[i]);  // expect: HP505
    }
}

__global__ void quantize_fnuz(const float* in, __hip_fp8_e4m3_fnuz* out, int n)  // ok: HP505
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = __hip_fp8_e4m3_fnuz(in[i]);  // ok: HP505
    }
}

float host_decode(__hip_fp8_e4m3 v)  // ok: HP505
{
    return float(v);
}

__global__ void quantize_switched(const float* in, void* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
#if defined(__gfx942__)
    if (i < n) static_cast<__hip_fp8_e4m3_fnuz*>(out)[i] = __hip_fp8_e4m3_fnuz(in[i]);  // ok: HP505
#else
    if (i < n) static_cast<__hip_fp8_e4m3*>(out)[i] = __hip_fp8_e4m3(in[i]);  // ok: HP505
#endif
}
