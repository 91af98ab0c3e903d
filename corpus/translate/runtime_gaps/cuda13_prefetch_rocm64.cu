// hipify-plus-test: rocm-version=6.4
// CUDA 13's prefetch to a memory location, for a release whose memory locations are devices only
// (HIP adds hipMemLocationTypeHost in 7.1): the host location gets a spelling 6.4 has, and the
// prefetch goes to the CPU (cuda-samples' UnifiedMemoryPerf, cut down).
#include <cuda_runtime.h>

void prefetch_back(float *a, float *b, size_t bytes, int device, cudaStream_t stream)
{
    cudaMemLocation hostLoc;
    hostLoc.type = cudaMemLocationTypeHost;  // expect: HP008
    cudaMemPrefetchAsync(a, bytes, hostLoc, 0);
    cudaMemLocation deviceLoc;
    deviceLoc.type = cudaMemLocationTypeDevice;
    deviceLoc.id = device;
    cudaMemPrefetchAsync(b, bytes, deviceLoc, 0, stream);
}
