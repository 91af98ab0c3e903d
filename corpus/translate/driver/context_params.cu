// hipify-plus-test: rocm-version=5.7
// CUDA 13's cuCtxCreate with empty context parameters, as cuda-samples' nvrtc_helper.h creates its
// context: it becomes hipCtxCreate(&ctx, flags, device) (HP712).
#include <cuda.h>
#include <cstdio>

static CUcontext make_context(int ordinal)
{
    CUdevice device;
    CUcontext context;
    CUctxCreateParams ctxCreateParams = {};
    cuInit(0);
    cuDeviceGet(&device, ordinal);
    if (cuCtxCreate(&context, &ctxCreateParams, 0, device) != CUDA_SUCCESS) {  // expect: HP003
        std::printf("no context\n");
        return nullptr;
    }
    return context;
}

int main()
{
    CUcontext context = make_context(0);
    return context ? 0 : 1;
}
