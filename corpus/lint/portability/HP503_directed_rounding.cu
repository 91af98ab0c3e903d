// hipify-plus-test: compile fails-before
// Interval arithmetic in converted code: each bound rounded outward with CUDA's directed-rounding
// intrinsics (cuda-samples' interval), which HIP declares only under OCML_BASIC_ROUNDED_OPERATIONS.
#include <hip/hip_runtime.h>

struct interval { float lo, hi; };
struct interval_d { double lo, hi; };

__device__ interval add(interval a, interval b)
{
    return {__fadd_rd(a.lo, b.lo), __fadd_ru(a.hi, b.hi)};  // expect: HP503, HP503
}

__device__ interval scale_down(interval a, float d)
{
    return {__fdiv_rd(a.lo, d), __fdiv_ru(a.hi, d)};  // expect: HP503, HP503
}

__device__ interval_d root(interval_d a)
{
    return {__dsqrt_rd(a.lo), __dsqrt_ru(a.hi)};  // expect: HP503, HP503
}

__device__ interval_d product(interval_d a, interval_d b)
{
    return {__dmul_rd(a.lo, b.lo), __dmul_ru(a.hi, b.hi)};  // expect: HP503, HP503
}

__global__ void widen(interval* v, const interval_d* w, interval_d* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        v[i] = scale_down(add(v[i], v[i]), 3.0f);
        out[i] = root(product(w[i], w[i]));
        out[i].lo = __dsub_rz(out[i].lo, __drcp_rz(w[i].hi));  // expect: HP503, HP503
    }
}
