// Print the properties of every visible device and pick the one with the
// most multiprocessors.
#include <cstdio>
#include <hip/hip_runtime.h>

int main()
{
    int count = 0;
    hipError_t err = hipGetDeviceCount(&count);
    if (err != hipSuccess || count == 0) {
        printf("no CUDA device: %s\n", hipGetErrorString(err));
        return 1;
    }

    int driverVersion = 0, runtimeVersion = 0;
    hipDriverGetVersion(&driverVersion);
    hipRuntimeGetVersion(&runtimeVersion);
    printf("driver %d, runtime %d\n", driverVersion, runtimeVersion);

    int best = 0, bestSMs = 0;
    for (int dev = 0; dev < count; ++dev) {
        hipDeviceProp_t prop;
        if (hipGetDeviceProperties(&prop, dev) != hipSuccess)
            continue;
        int clockKHz = 0;
        hipDeviceGetAttribute(&clockKHz, hipDeviceAttributeClockRate, dev);
        printf("[%d] %s  cc %d.%d\n", dev, prop.name, prop.major, prop.minor);
        printf("     global mem   : %zu MiB\n", prop.totalGlobalMem >> 20);
        printf("     shared/block : %zu KiB\n", prop.sharedMemPerBlock >> 10);
        printf("     SMs          : %d, warp size %d\n", prop.multiProcessorCount, prop.warpSize);
        printf("     max threads  : %d per block, %d per SM\n",
               prop.maxThreadsPerBlock, prop.maxThreadsPerMultiProcessor);
        printf("     regs/block   : %d, L2 %d bytes\n", prop.regsPerBlock, prop.l2CacheSize);
        printf("     clock        : %.0f MHz, bus width %d bits\n", clockKHz / 1e3, prop.memoryBusWidth);
        printf("     max grid     : %d x %d x %d\n",
               prop.maxGridSize[0], prop.maxGridSize[1], prop.maxGridSize[2]);
        if (prop.multiProcessorCount > bestSMs) {
            bestSMs = prop.multiProcessorCount;
            best = dev;
        }
    }

    err = hipSetDevice(best);
    if (err != hipSuccess) {
        printf("cudaSetDevice failed: %s\n", hipGetErrorString(err));
        return 1;
    }
    size_t freeB = 0, totalB = 0;
    hipMemGetInfo(&freeB, &totalB);
    printf("using device %d: %zu of %zu MiB free\n", best, freeB >> 20, totalB >> 20);
    hipDeviceReset();
    return 0;
}
