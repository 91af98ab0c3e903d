// hipify-plus-test: rocm-version=5.7 fails-before
// HP710 hiprtc-option-array-const: NVRTC-style option arrays handed to hipRTC (written for this corpus).
#include <hip/hip_runtime.h>
#include <hip/hiprtc.h>

hiprtcResult compile(hiprtcProgram prog, char *arch)
{
    char *options[2];
    options[0] = arch;
    options[1] = arch;
    return hiprtcCompileProgram(prog, 2, options);  // expect: HP710
}

hiprtcResult compile_const(hiprtcProgram prog, const char *const *options, int count)
{
    return hiprtcCompileProgram(prog, count, options);  // expect: HP710
}

hiprtcResult create(hiprtcProgram *prog, const char *src, char **headers, const char **names)
{
    return hiprtcCreateProgram(prog, src, "k.cu", 1, headers, names);  // expect: HP710
}

hiprtcResult already_right(hiprtcProgram prog, hiprtcProgram *made, const char *src)
{
    const char *options[] = {"-O3"};
    hiprtcCreateProgram(made, src, "k.cu", 0, NULL, nullptr);  // ok: HP710
    hiprtcCompileProgram(prog, 1, const_cast<const char**>(options));  // ok: HP710
    return hiprtcCompileProgram(prog, 1, options);  // ok: HP710
}
