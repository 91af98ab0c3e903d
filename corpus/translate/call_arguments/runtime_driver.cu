// Runtime and driver calls whose HIP functions take other arguments: HIP's occupancy query has
// no shared-memory-per-block-size callback, and hipGetProcAddress takes the HIP version.
#include <cstdio>
#include <cuda.h>
#include <cuda_runtime.h>

static size_t smemFor(int blockSize) { return blockSize * sizeof(float); }

int occupancy(CUfunction f)
{
    int grid = 0, block = 0;
    cuOccupancyMaxPotentialBlockSize(&grid, &block, f, 0, 1024, 256);
    cuOccupancyMaxPotentialBlockSizeWithFlags(&grid, &block, f, NULL, 1024, 256, CU_OCCUPANCY_DEFAULT);
    cuOccupancyMaxPotentialBlockSize(&grid, &block, f, smemFor, 0, 0);  // expect: HP016
    return block;
}

void *entry(const char *symbol)
{
    void *fn = nullptr;
    cudaDriverEntryPointQueryResult status;
    if (cudaGetDriverEntryPoint(symbol, &fn, 0 /* cudaEnableDefault */, &status) != cudaSuccess) {
        printf("no %s\n", symbol);
    }
    return fn;
}
