// hipify-plus-test: rocm-version=6.4
// CUDA 13's prefetch to a memory location, for a release whose memory locations are devices only
// (HIP adds hipMemLocationTypeHost in 7.1): the host location gets a spelling 6.4 has, and the
// prefetch goes to the CPU (cuda-samples' UnifiedMemoryPerf, cut down).
#include <hip/hip_runtime.h>

void prefetch_back(float *a, float *b, size_t bytes, int device, hipStream_t stream)
{
    hipMemLocation hostLoc;
    hostLoc.type = hipMemLocationTypeInvalid;  // expect: HP008
    hipMemPrefetchAsync(a, bytes, (hostLoc.type == hipMemLocationTypeDevice ? hostLoc.id : hipCpuDeviceId));
    hipMemLocation deviceLoc;
    deviceLoc.type = hipMemLocationTypeDevice;
    deviceLoc.id = device;
    hipMemPrefetchAsync(b, bytes, (deviceLoc.type == hipMemLocationTypeDevice ? deviceLoc.id : hipCpuDeviceId), stream);
}
