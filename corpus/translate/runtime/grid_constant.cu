// A kernel with a no-copy parameter, as cuda-samples' LargeKernelParameter writes it: HIP does not
// define __grid_constant__, and AMD passes kernel arguments in a read-only buffer (HP714 deletes it).
#include <cuda_runtime.h>

struct param_t { int values[32]; };

__global__ void kernelDefault(__grid_constant__ const param_t p, int *result)
{
    result[threadIdx.x] = p.values[threadIdx.x];
}

void run(param_t p, int *result)
{
    kernelDefault<<<1, 32>>>(p, result);
    cudaDeviceSynchronize();
}
