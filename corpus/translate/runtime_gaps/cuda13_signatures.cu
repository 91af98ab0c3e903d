// CUDA 13 changed these calls (edge data, memory locations); HIP takes CUDA 12's arguments. A
// prefetch to a memory location becomes a prefetch to its device (cuda-samples' UnifiedMemoryPerf
// and conjugateGradientMultiDeviceCG).
#include <cuda_runtime.h>

void deps(cudaGraph_t g, cudaGraphNode_t a, cudaGraphNode_t b, float *p, size_t n, cudaStream_t s)
{
    cudaGraphAddDependencies(g, &a, &b, 1);                    // CUDA 12: renamed
    cudaGraphAddDependencies(g, &a, &b, nullptr, 1);           // expect: HP015
    cudaMemPrefetchAsync(p, n, 0, s);                          // CUDA 12: renamed
    cudaMemLocation where = {};
    where.type = cudaMemLocationTypeDevice;
    where.id = 0;
    cudaMemPrefetchAsync(p, n, where, 0, s);                   // CUDA 13: the device, no flags
    cudaMemPrefetchAsync(p, n, where, 0);                      // CUDA 13, default stream
    cudaMemLocation host;
    host.type = cudaMemLocationTypeHost;
    cudaMemPrefetchAsync(p, n, host, 0, s);
    cudaMemPrefetchAsync(p, n, host, 1, s);                    // expect: HP016
}
