// hipify-plus-test: rocm-version=5.7
// NVRTC takes option and header arrays as const char* const*; hipRTC before ROCm 7.2 takes
// const char**, so a char* array is passed through const_cast (convert applies HP710).
#include <nvrtc.h>
#include <string>

nvrtcResult build(const char *source, const std::string &arch)
{
    nvrtcProgram prog;
    nvrtcResult made = nvrtcCreateProgram(&prog, source, "kernel.cu", 0, NULL, NULL);
    if (made != NVRTC_SUCCESS)
        return made;
    char *params[2];
    params[0] = const_cast<char *>(arch.c_str());
    params[1] = const_cast<char *>("--std=c++17");
    nvrtcResult res = nvrtcCompileProgram(prog, 2, params);
    const char *fixed[] = {"-O3"};
    if (res != NVRTC_SUCCESS)
        res = nvrtcCompileProgram(prog, 1, fixed);
    nvrtcDestroyProgram(&prog);
    return res;
}
