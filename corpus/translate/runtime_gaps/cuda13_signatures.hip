// CUDA 13 changed these calls (edge data, memory locations); HIP takes CUDA 12's arguments. A
// prefetch to a memory location becomes a prefetch to its device (cuda-samples' UnifiedMemoryPerf
// and conjugateGradientMultiDeviceCG).
#include <hip/hip_runtime.h>

void deps(hipGraph_t g, hipGraphNode_t a, hipGraphNode_t b, float *p, size_t n, hipStream_t s)
{
    hipGraphAddDependencies(g, &a, &b, 1);                    // CUDA 12: renamed
    cudaGraphAddDependencies(g, &a, &b, nullptr, 1);           // expect: HP015
    hipMemPrefetchAsync(p, n, 0, s);                          // CUDA 12: renamed
    hipMemLocation where = {};
    where.type = hipMemLocationTypeDevice;
    where.id = 0;
    hipMemPrefetchAsync(p, n, (where.type == hipMemLocationTypeDevice ? where.id : hipCpuDeviceId), s);                   // CUDA 13: the device, no flags
    hipMemPrefetchAsync(p, n, (where.type == hipMemLocationTypeDevice ? where.id : hipCpuDeviceId));                      // CUDA 13, default stream
    hipMemLocation host;
    host.type = hipMemLocationTypeHost;
    hipMemPrefetchAsync(p, n, (host.type == hipMemLocationTypeDevice ? host.id : hipCpuDeviceId), s);
    hipMemPrefetchAsync(p, n, (host.type == hipMemLocationTypeDevice ? host.id : hipCpuDeviceId), s);                    // expect: HP016
}
