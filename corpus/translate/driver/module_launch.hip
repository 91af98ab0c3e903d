// Load a precompiled module with the driver API and run saxpy from it.
// Build the module with: nvcc -ptx -arch=sm_80 saxpy_kernel.cu -o saxpy.ptx
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <hip/hip_runtime.h>

#define DRV(call)                                                         \
    do {                                                                  \
        hipError_t r_ = (call);                                             \
        if (r_ != hipSuccess) {                                         \
            const char *name_ = nullptr;                                  \
            hipDrvGetErrorName(r_, &name_);                                   \
            fprintf(stderr, "%s:%d: %s -> %s\n", __FILE__, __LINE__,      \
                    #call, name_ ? name_ : "unknown");                    \
            exit(1);                                                      \
        }                                                                 \
    } while (0)

int main(int argc, char **argv)
{
    const char *modulePath = argc > 1 ? argv[1] : "saxpy.ptx";
    DRV(hipInit(0));

    int ndev = 0;
    DRV(hipGetDeviceCount(&ndev));
    hipDevice_t dev;
    DRV(hipDeviceGet(&dev, 0));
    char name[128];
    int sms = 0, major = 0, vmm = 0;
    DRV(hipDeviceGetName(name, sizeof(name), dev));
    DRV(hipDeviceGetAttribute(&sms, hipDeviceAttributeMultiprocessorCount, dev));
    DRV(hipDeviceGetAttribute(&major, hipDeviceAttributeComputeCapabilityMajor, dev));
    // CUDA's deprecated spelling of CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED (cuda-samples' vectorAddMMAP)
    DRV(hipDeviceGetAttribute(&vmm, hipDeviceAttributeVirtualMemoryManagementSupported, dev));
    printf("%d device(s); using %s (sm_%dx, %d SMs, VMM %d)\n", ndev, name, major, sms, vmm);

    hipCtx_t ctx;
#if CUDA_VERSION >= 13000  // expect: HP702
    DRV(hipCtxCreate(&ctx, hipDeviceScheduleAuto, dev));  // expect: HP003
#else
    DRV(hipCtxCreate(&ctx, hipDeviceScheduleAuto, dev));  // expect: HP003
#endif
    hipModule_t mod;
    hipFunction_t saxpy;
    DRV(hipModuleLoad(&mod, modulePath));
    DRV(hipModuleGetFunction(&saxpy, mod, "saxpy"));
    int regs = 0;
    DRV(hipFuncGetAttribute(&regs, HIP_FUNC_ATTRIBUTE_NUM_REGS, saxpy));

    const int n = 1 << 20;
    std::vector<float> hx(n, 1.0f), hy(n, 2.0f);
    hipDeviceptr_t dx, dy;
    DRV(hipMalloc(&dx, n * sizeof(float)));
    DRV(hipMalloc(&dy, n * sizeof(float)));
    DRV(hipMemcpyHtoD(dx, hx.data(), n * sizeof(float)));
    DRV(hipMemcpyHtoD(dy, hy.data(), n * sizeof(float)));

    hipStream_t stream;
    DRV(hipStreamCreateWithFlags(&stream, hipStreamNonBlocking));
    float a = 3.0f;
    int count = n;
    void *params[] = { &count, &a, &dx, &dy };
    unsigned block = 256, grid = (n + block - 1) / block;
    DRV(hipModuleLaunchKernel(saxpy, grid, 1, 1, block, 1, 1, 0, stream, params, nullptr));
    DRV(hipStreamSynchronize(stream));
    DRV(hipMemcpyDtoH(hy.data(), dy, n * sizeof(float)));
    printf("y[0] = %.1f (expected 5.0), kernel uses %d registers\n", hy[0], regs);

    DRV(hipStreamDestroy(stream));
    DRV(hipFree(dx));
    DRV(hipFree(dy));
    DRV(hipModuleUnload(mod));
    DRV(hipCtxDestroy(ctx));  // expect: HP003
    return 0;
}
