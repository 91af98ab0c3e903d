// Load a precompiled module with the driver API and run saxpy from it.
// Build the module with: nvcc -ptx -arch=sm_80 saxpy_kernel.cu -o saxpy.ptx
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda.h>

#define DRV(call)                                                         \
    do {                                                                  \
        CUresult r_ = (call);                                             \
        if (r_ != CUDA_SUCCESS) {                                         \
            const char *name_ = nullptr;                                  \
            cuGetErrorName(r_, &name_);                                   \
            fprintf(stderr, "%s:%d: %s -> %s\n", __FILE__, __LINE__,      \
                    #call, name_ ? name_ : "unknown");                    \
            exit(1);                                                      \
        }                                                                 \
    } while (0)

int main(int argc, char **argv)
{
    const char *modulePath = argc > 1 ? argv[1] : "saxpy.ptx";
    DRV(cuInit(0));

    int ndev = 0;
    DRV(cuDeviceGetCount(&ndev));
    CUdevice dev;
    DRV(cuDeviceGet(&dev, 0));
    char name[128];
    int sms = 0, major = 0, vmm = 0;
    DRV(cuDeviceGetName(name, sizeof(name), dev));
    DRV(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev));
    DRV(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev));
    // CUDA's deprecated spelling of CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED (cuda-samples' vectorAddMMAP)
    DRV(cuDeviceGetAttribute(&vmm, CU_DEVICE_ATTRIBUTE_VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED, dev));
    printf("%d device(s); using %s (sm_%dx, %d SMs, VMM %d)\n", ndev, name, major, sms, vmm);

    CUcontext ctx;
#if CUDA_VERSION >= 13000  // expect: HP702
    DRV(cuCtxCreate(&ctx, nullptr, CU_CTX_SCHED_AUTO, dev));  // expect: HP003
#else
    DRV(cuCtxCreate(&ctx, CU_CTX_SCHED_AUTO, dev));  // expect: HP003
#endif
    CUmodule mod;
    CUfunction saxpy;
    DRV(cuModuleLoad(&mod, modulePath));
    DRV(cuModuleGetFunction(&saxpy, mod, "saxpy"));
    int regs = 0;
    DRV(cuFuncGetAttribute(&regs, CU_FUNC_ATTRIBUTE_NUM_REGS, saxpy));

    const int n = 1 << 20;
    std::vector<float> hx(n, 1.0f), hy(n, 2.0f);
    CUdeviceptr dx, dy;
    DRV(cuMemAlloc(&dx, n * sizeof(float)));
    DRV(cuMemAlloc(&dy, n * sizeof(float)));
    DRV(cuMemcpyHtoD(dx, hx.data(), n * sizeof(float)));
    DRV(cuMemcpyHtoD(dy, hy.data(), n * sizeof(float)));

    CUstream stream;
    DRV(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
    float a = 3.0f;
    int count = n;
    void *params[] = { &count, &a, &dx, &dy };
    unsigned block = 256, grid = (n + block - 1) / block;
    DRV(cuLaunchKernel(saxpy, grid, 1, 1, block, 1, 1, 0, stream, params, nullptr));
    DRV(cuStreamSynchronize(stream));
    DRV(cuMemcpyDtoH(hy.data(), dy, n * sizeof(float)));
    printf("y[0] = %.1f (expected 5.0), kernel uses %d registers\n", hy[0], regs);

    DRV(cuStreamDestroy(stream));
    DRV(cuMemFree(dx));
    DRV(cuMemFree(dy));
    DRV(cuModuleUnload(mod));
    DRV(cuCtxDestroy(ctx));  // expect: HP003
    return 0;
}
