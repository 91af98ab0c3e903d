// Compile a templated kernel at run time with NVRTC and launch it through the
// driver API.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>
#include <hip/hip_runtime.h>
#include <hip/hiprtc.h>

#define NVRTC_CHECK(x) do { hiprtcResult r = (x); if (r != HIPRTC_SUCCESS) { \
    fprintf(stderr, "%s: %s\n", #x, hiprtcGetErrorString(r)); exit(1); } } while (0)
#define CU_CHECK(x) do { hipError_t r = (x); if (r != hipSuccess) { \
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
    CU_CHECK(hipInit(0));
    hipDevice_t dev;
    hipCtx_t ctx = nullptr;
    CU_CHECK(hipDeviceGet(&dev, 0));
    CU_CHECK(hipDevicePrimaryCtxRetain(&ctx, dev));  // expect: HP003
    CU_CHECK(hipCtxSetCurrent(ctx));  // expect: HP003

    hiprtcProgram prog;
    NVRTC_CHECK(hiprtcCreateProgram(&prog, kSource, "axpy.cu", 0, nullptr, nullptr));
    NVRTC_CHECK(hiprtcAddNameExpression(prog, "axpy<float>"));
    const char *opts[] = { "--gpu-architecture=compute_80", "-std=c++17", "--use_fast_math" };
    hiprtcResult res = hiprtcCompileProgram(prog, 3, opts);

    size_t logSize = 0;
    NVRTC_CHECK(hiprtcGetProgramLogSize(prog, &logSize));
    if (logSize > 1) {
        std::string log(logSize, '\0');
        NVRTC_CHECK(hiprtcGetProgramLog(prog, &log[0]));
        fprintf(stderr, "compile log:\n%s\n", log.c_str());
    }
    if (res != HIPRTC_SUCCESS) return 1;

    const char *lowered = nullptr;
    NVRTC_CHECK(hiprtcGetLoweredName(prog, "axpy<float>", &lowered));
    std::string kernelName(lowered);   // valid only until the program is destroyed
    size_t ptxSize = 0;
    NVRTC_CHECK(hiprtcGetCodeSize(prog, &ptxSize));
    std::vector<char> ptx(ptxSize);
    NVRTC_CHECK(hiprtcGetCode(prog, ptx.data()));
    NVRTC_CHECK(hiprtcDestroyProgram(&prog));

    hipModule_t mod; hipFunction_t fn;
    CU_CHECK(hipModuleLoadData(&mod, ptx.data()));
    CU_CHECK(hipModuleGetFunction(&fn, mod, kernelName.c_str()));

    const int n = 1 << 20;
    std::vector<float> hx(n, 1.0f), hy(n, 1.0f);
    hipDeviceptr_t dx, dy;
    CU_CHECK(hipMalloc(&dx, n * sizeof(float)));
    CU_CHECK(hipMalloc(&dy, n * sizeof(float)));
    CU_CHECK(hipMemcpyHtoD(dx, hx.data(), n * sizeof(float)));
    CU_CHECK(hipMemcpyHtoD(dy, hy.data(), n * sizeof(float)));
    float a = 2.0f;
    int count = n;
    void *args[] = { &a, &dx, &dy, &count };
    CU_CHECK(hipModuleLaunchKernel(fn, (n + 255) / 256, 1, 1, 256, 1, 1, 0, nullptr, args, nullptr));
    CU_CHECK(hipCtxSynchronize());  // expect: HP003
    CU_CHECK(hipMemcpyDtoH(hy.data(), dy, n * sizeof(float)));
    printf("y[0] = %f (expected 3)\n", hy[0]);

    hipFree(dx); hipFree(dy);
    hipModuleUnload(mod);
    hipDevicePrimaryCtxRelease(dev);  // expect: HP003
    return 0;
}
