// hipify-plus-test: rocm-version=5.7 fails-before
// CUDA 13's four-argument cuCtxCreate after renaming, as cuda-samples' nvrtc_helper.h writes it.
#include <hip/hip_runtime.h>

struct CUctxCreateParams { int affinity; };  // what CUDA 13 declares; HIP has none

hipCtx_t plain_context(hipDevice_t device)
{
    hipCtx_t context;
    hipInit(0);
    hipCtxCreate(&context, 0, device);  // expect: HP712
    return context;
}

hipCtx_t null_params(hipDevice_t device)
{
    hipCtx_t context;
    hipCtxCreate(&context, 0, device);  // expect: HP712
    return context;
}

hipCtx_t older_form(hipDevice_t device)
{
    hipCtx_t context;
    hipCtxCreate(&context, 0, device);  // ok: HP712
    return context;
}
