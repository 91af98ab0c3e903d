// Runtime and driver calls whose HIP functions take other arguments: HIP's occupancy query has
// no shared-memory-per-block-size callback, and hipGetProcAddress takes the HIP version.
#include <cstdio>
#include <hip/hip_runtime.h>

static size_t smemFor(int blockSize) { return blockSize * sizeof(float); }

int occupancy(hipFunction_t f)
{
    int grid = 0, block = 0;
    hipModuleOccupancyMaxPotentialBlockSize(&grid, &block, f, 1024, 256);
    hipModuleOccupancyMaxPotentialBlockSizeWithFlags(&grid, &block, f, 1024, 256, hipOccupancyDefault);
    hipModuleOccupancyMaxPotentialBlockSize(&grid, &block, f, 0, 0);  // expect: HP016
    return block;
}

void *entry(const char *symbol)
{
    void *fn = nullptr;
    hipDriverEntryPointQueryResult status;
    if (hipGetDriverEntryPoint(symbol, &fn, 0 /* cudaEnableDefault */, &status) != hipSuccess) {
        printf("no %s\n", symbol);
    }
    return fn;
}
