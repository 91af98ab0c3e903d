// Compile a templated kernel at run time with NVRTC and launch it through the
// driver API.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
#include <cuda.h>
#include <nvrtc.h>

#define NVRTC_CHECK(x) do { nvrtcResult r = (x); if (r != NVRTC_SUCCESS) { \
    fprintf(stderr, "%s: %s\n", #x, nvrtcGetErrorString(r)); exit(1); } } while (0)
#define CU_CHECK(x) do { CUresult r = (x); if (r != CUDA_SUCCESS) { \
    fprintf(stderr, "%s failed with %d\n", #x, (int)r); exit(1); } } while (0)

static const char *kSource = R"(
template <typename T>
__global__ void axpy(T a, const T *x, T *y, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}
)";

int main()
{
    CU_CHECK(cuInit(0));
    CUdevice dev;
    CUcontext ctx = nullptr;
    CU_CHECK(cuDeviceGet(&dev, 0));
    CU_CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));  // expect: HP003
    CU_CHECK(cuCtxSetCurrent(ctx));  // expect: HP003

    nvrtcProgram prog;
    NVRTC_CHECK(nvrtcCreateProgram(&prog, kSource, "axpy.cu", 0, nullptr, nullptr));
    NVRTC_CHECK(nvrtcAddNameExpression(prog, "axpy<float>"));
    const char *opts[] = { "--gpu-architecture=compute_80", "-std=c++17", "--use_fast_math" };
    nvrtcResult res = nvrtcCompileProgram(prog, 3, opts);

    size_t logSize = 0;
    NVRTC_CHECK(nvrtcGetProgramLogSize(prog, &logSize));
    if (logSize > 1) {
        std::string log(logSize, '\0');
        NVRTC_CHECK(nvrtcGetProgramLog(prog, &log[0]));
        fprintf(stderr, "compile log:\n%s\n", log.c_str());
    }
    if (res != NVRTC_SUCCESS) return 1;

    const char *lowered = nullptr;
    NVRTC_CHECK(nvrtcGetLoweredName(prog, "axpy<float>", &lowered));
    std::string kernelName(lowered);   // valid only until the program is destroyed
    size_t ptxSize = 0;
    NVRTC_CHECK(nvrtcGetPTXSize(prog, &ptxSize));
    std::vector<char> ptx(ptxSize);
    NVRTC_CHECK(nvrtcGetPTX(prog, ptx.data()));
    NVRTC_CHECK(nvrtcDestroyProgram(&prog));

    CUmodule mod; CUfunction fn;
    CU_CHECK(cuModuleLoadData(&mod, ptx.data()));
    CU_CHECK(cuModuleGetFunction(&fn, mod, kernelName.c_str()));

    const int n = 1 << 20;
    std::vector<float> hx(n, 1.0f), hy(n, 1.0f);
    CUdeviceptr dx, dy;
    CU_CHECK(cuMemAlloc(&dx, n * sizeof(float)));
    CU_CHECK(cuMemAlloc(&dy, n * sizeof(float)));
    CU_CHECK(cuMemcpyHtoD(dx, hx.data(), n * sizeof(float)));
    CU_CHECK(cuMemcpyHtoD(dy, hy.data(), n * sizeof(float)));
    float a = 2.0f;
    int count = n;
    void *args[] = { &a, &dx, &dy, &count };
    CU_CHECK(cuLaunchKernel(fn, (n + 255) / 256, 1, 1, 256, 1, 1, 0, nullptr, args, nullptr));
    CU_CHECK(cuCtxSynchronize());  // expect: HP003
    CU_CHECK(cuMemcpyDtoH(hy.data(), dy, n * sizeof(float)));
    printf("y[0] = %f (expected 3)\n", hy[0]);

    cuMemFree(dx); cuMemFree(dy);
    cuModuleUnload(mod);
    cuDevicePrimaryCtxRelease(dev);  // expect: HP003
    return 0;
}
