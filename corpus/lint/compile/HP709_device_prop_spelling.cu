// hipify-plus-test: rocm-version=6.2 fails-before min-hip=6.0
// Fields HIP spells differently from ROCm 6.0 on.
#include <hip/hip_runtime.h>

int sparse_arrays(int device)
{
    hipDeviceProp_t prop;
    hipGetDeviceProperties(&prop, device);
    return prop.sparseCudaArraySupported + prop.deferredMappingCudaArraySupported;  // expect: HP709, HP709
}

int lds(const hipDeviceProp_t& prop)
{
    return (int)prop.sharedMemPerMultiprocessor;  // ok: HP709
}

// cuda-samples' memMapIPCDrv: CUmemAllocationProp's requestedHandleTypes is requestedHandleType in HIP
hipError_t exportable(hipMemAllocationProp *prop, int device)
{
    prop->type = hipMemAllocationTypePinned;
    prop->location.type = hipMemLocationTypeDevice;
    prop->location.id = device;
    prop->requestedHandleTypes = hipMemHandleTypePosixFileDescriptor;  // expect: HP709
    return hipSuccess;
}
