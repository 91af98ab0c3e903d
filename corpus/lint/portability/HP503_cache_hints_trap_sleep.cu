// hipify-plus-test: compile fails-before
// Converted CUDA that calls the cache-hinted loads and stores, __trap and __nanosleep, which
// HIP does not declare: the fix defines them for hip-clang after the includes.
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

struct Pair { float a, b; };

__global__ void layer_norm(const float* __restrict__ x, float* out, float* mean, const float4* x4,
                           float4* out4, const __half* h, __half* hout, const Pair* pairs, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float v = __ldcs(x + i);  // expect: HP503
    float w = __ldcg(&x[i]) + __ldca(x);  // expect: HP503, HP503
    float4 q = __ldcs(x4 + i);  // expect: HP503
    __half hv = __ldcs(h + i);  // ok: HP503
    __half hw = __ldlu(h + i);  // expect: HP503
    Pair p = __ldlu(pairs + i);  // expect: HP503
    __stcs(mean + i, v + w + p.a);  // expect: HP503
    __stcs(out4 + i, q);  // expect: HP503
    __stcg(out + i, 0.0);  // expect: HP503
    __stwb(out, v);  // expect: HP503
    __stwt(hout + i, __hadd(hv, hw));  // expect: HP503
    out[i] = __ldg(x + i);  // ok: HP503
}

__global__ void wait_for_flag(const int* flag, int* done)
{
    while (__ldcv(flag) == 0) {  // expect: HP503
        __nanosleep(200);  // expect: HP503
    }
    if (*done < 0) {
        __trap();  // expect: HP503
    }
    unsigned backoff = 8u * threadIdx.x;
    __nanosleep(backoff);  // expect: HP503
}
