// hipify-plus-test: rocm-version=5.7
// NVRTC takes option and header arrays as const char* const*; hipRTC before ROCm 7.2 takes
// const char**, so a char* array is passed through const_cast (convert applies HP710).
#include <hip/hip_runtime.h>
#include <hip/hiprtc.h>
#include <string>

hiprtcResult build(const char *source, const std::string &arch)
{
    hiprtcProgram prog;
    hiprtcResult made = hiprtcCreateProgram(&prog, source, "kernel.cu", 0, NULL, NULL);
    if (made != HIPRTC_SUCCESS)
        return made;
    char *params[2];
    params[0] = const_cast<char *>(arch.c_str());
    params[1] = const_cast<char *>("--std=c++17");
    hiprtcResult res = hiprtcCompileProgram(prog, 2, const_cast<const char**>(params));
    const char *fixed[] = {"-O3"};
    if (res != HIPRTC_SUCCESS)
        res = hiprtcCompileProgram(prog, 1, fixed);
    hiprtcDestroyProgram(&prog);
    return res;
}
