// hipify-plus-test: rocm-version=5.7 compile=no
// CUDA 13 context parameters that are set: reported, left as they are.
#include <hip/hip_runtime.h>

struct CUctxCreateParams { int affinity; };  // what CUDA 13 declares; HIP has none

hipCtx_t set_params(hipDevice_t device)
{
    hipCtx_t context;
    CUctxCreateParams params = {};
    params.affinity = 4;
    cuCtxCreate(&context, &params, 0, device);  // expect: HP712 (the parameters are used: no fix)
    return context;
}

hipCtx_t two_scopes(hipDevice_t device, bool first)
{
    hipCtx_t context;
    if (first) {
        CUctxCreateParams params = {};
        cuCtxCreate(&context, &params, 0, device);  // expect: HP712 (declared twice in the function: no fix)
    } else {
        CUctxCreateParams params = {};
        cuCtxCreate(&context, &params, 0, device);  // expect: HP712
    }
    return context;
}
