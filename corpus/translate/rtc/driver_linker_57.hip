// hipify-plus-test: rocm-version=5.7
// CUDA's JIT linker before ROCm 6.4, where HIP's is hipRTC's: the options the linker calls take
// become hipRTC's own enum (hiprtcJIT_option, HIPRTC_JIT_*; elsewhere CUjit_option is hipJitOption,
// as hipModuleLoadDataEx takes), and its status, a hiprtcResult, is converted where the code
// expects the CUresult CUDA returned (HP732). With ROCm 6.4 and later these are hipLink*.
#include <hip/hiprtc.h>
#include <cstdio>
#include <hip/hip_runtime.h>

#ifndef HIPIFY_PLUS_RTC_STATUS
#define HIPIFY_PLUS_RTC_STATUS
// hipify-plus: before ROCm 6.4 CUDA's linker (cuLink*) is hipRTC's, which returns a hiprtcResult
// where CUDA returned a CUresult (a hipError_t here): the status as a hipError_t (rules/compile/HP732).
static inline hipError_t hipify_plus_rtc_status(hiprtcResult status)
{
    switch (status) {
    case HIPRTC_SUCCESS: return hipSuccess;
    case HIPRTC_ERROR_OUT_OF_MEMORY: return hipErrorOutOfMemory;
    case HIPRTC_ERROR_INVALID_INPUT:
    case HIPRTC_ERROR_INVALID_OPTION: return hipErrorInvalidValue;
    case HIPRTC_ERROR_INVALID_PROGRAM:
    case HIPRTC_ERROR_COMPILATION:
    case HIPRTC_ERROR_LINKING: return hipErrorInvalidImage;
    default: return hipErrorUnknown;
    }
}
#endif

#define CU_CHECK(call)                                                       \
    do {                                                                     \
        hipError_t status_ = (call);                                           \
        if (status_ != hipSuccess) fprintf(stderr, "%s failed\n", #call); \
    } while (0)

hipModule_t link_ptx(const char *ptx, size_t size)
{
    hiprtcJIT_option options[2];
    void *values[2];
    char log[1024];
    options[0] = HIPRTC_JIT_INFO_LOG_BUFFER;
    values[0] = log;
    options[1] = HIPRTC_JIT_INFO_LOG_BUFFER_SIZE_BYTES;
    values[1] = (void *)sizeof(log);
    hiprtcLinkState state;  // expect: HP008
    CU_CHECK(hipify_plus_rtc_status(hiprtcLinkCreate(2, options, values, &state)));  // expect: HP008
    hipError_t added = hipify_plus_rtc_status(hiprtcLinkAddData(state, HIPRTC_JIT_INPUT_PTX, (void *)ptx, size, "kernel.ptx", 0, 0, 0));  // expect: HP008, HP008
    if (added != hipSuccess) return nullptr;
    void *image = nullptr;
    size_t bytes = 0;
    CU_CHECK(hipify_plus_rtc_status(hiprtcLinkComplete(state, &image, &bytes)));  // expect: HP008
    hipJitOption load_options[1] = {hipJitOptionMaxRegisters};
    void *load_values[1] = {(void *)64};
    hipModule_t module;
    CU_CHECK(hipModuleLoadDataEx(&module, image, 1, load_options, load_values));
    hiprtcLinkDestroy(state);  // expect: HP008
    return module;
}
