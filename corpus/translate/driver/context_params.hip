// hipify-plus-test: rocm-version=5.7
// CUDA 13's cuCtxCreate with empty context parameters, as cuda-samples' nvrtc_helper.h creates its
// context: it becomes hipCtxCreate(&ctx, flags, device) (HP712).
#include <hip/hip_runtime.h>
#include <cstdio>

static hipCtx_t make_context(int ordinal)
{
    hipDevice_t device;
    hipCtx_t context;
    hipInit(0);
    hipDeviceGet(&device, ordinal);
    if (hipCtxCreate(&context, 0, device) != hipSuccess) {  // expect: HP003
        std::printf("no context\n");
        return nullptr;
    }
    return context;
}

int main()
{
    hipCtx_t context = make_context(0);
    return context ? 0 : 1;
}
