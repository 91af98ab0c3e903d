// hipify-plus-test: converted fails-before rocm-version=5.7 min-hip=5.3
// HP732 rtc-linker-status: CUDA's linker as convert writes it before ROCm 6.4 (hipRTC's), in code
// that still expects the CUresult CUDA returned (renamed hipError_t): the status is converted
// where the value is used; statements that already speak hipRTC are left alone.
#include <cstdio>
#include <hip/hip_runtime.h>
#include <hip/hiprtc.h>

#define CHECK(call)                                                                     \
    do {                                                                                \
        hipError_t status_ = (call);                                                    \
        if (status_ != hipSuccess) fprintf(stderr, "%s\n", hipGetErrorString(status_)); \
    } while (0)

void *link(const char *ptx, size_t size)
{
    hiprtcJIT_option options[1] = {HIPRTC_JIT_LOG_VERBOSE};
    void *values[1] = {(void *)1};
    hiprtcLinkState state;
    CHECK(hiprtcLinkCreate(1, options, values, &state));  // expect: HP732
    hipError_t added = hiprtcLinkAddData(state, HIPRTC_JIT_INPUT_PTX, (void *)ptx, size, "k", 0, 0, 0);  // expect: HP732
    if (added != hipSuccess) return nullptr;
    void *image = nullptr;
    size_t bytes = 0;
    if (hiprtcLinkComplete(state, &image, &bytes) != hipSuccess) return nullptr;  // expect: HP732
    hiprtcResult done = hiprtcLinkDestroy(state);  // ok: HP732
    hiprtcLinkDestroy(state);  // ok: HP732
    return done == HIPRTC_SUCCESS ? image : nullptr;
}
