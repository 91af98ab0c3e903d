// hipify-plus-test: rocm-version=5.7
// CUDA's JIT linker before ROCm 6.4, where HIP's is hipRTC's: the options the linker calls take
// become hipRTC's own enum (hiprtcJIT_option, HIPRTC_JIT_*; elsewhere CUjit_option is hipJitOption,
// as hipModuleLoadDataEx takes), and its status, a hiprtcResult, is converted where the code
// expects the CUresult CUDA returned (HP732). With ROCm 6.4 and later these are hipLink*.
#include <cstdio>
#include <cuda.h>

#define CU_CHECK(call)                                                       \
    do {                                                                     \
        CUresult status_ = (call);                                           \
        if (status_ != CUDA_SUCCESS) fprintf(stderr, "%s failed\n", #call); \
    } while (0)

CUmodule link_ptx(const char *ptx, size_t size)
{
    CUjit_option options[2];
    void *values[2];
    char log[1024];
    options[0] = CU_JIT_INFO_LOG_BUFFER;
    values[0] = log;
    options[1] = CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES;
    values[1] = (void *)sizeof(log);
    CUlinkState state;  // expect: HP008
    CU_CHECK(cuLinkCreate(2, options, values, &state));  // expect: HP008
    CUresult added = cuLinkAddData(state, CU_JIT_INPUT_PTX, (void *)ptx, size, "kernel.ptx", 0, 0, 0);  // expect: HP008, HP008
    if (added != CUDA_SUCCESS) return nullptr;
    void *image = nullptr;
    size_t bytes = 0;
    CU_CHECK(cuLinkComplete(state, &image, &bytes));  // expect: HP008
    CUjit_option load_options[1] = {CU_JIT_MAX_REGISTERS};
    void *load_values[1] = {(void *)64};
    CUmodule module;
    CU_CHECK(cuModuleLoadDataEx(&module, image, 1, load_options, load_values));
    cuLinkDestroy(state);  // expect: HP008
    return module;
}
