// Reserve, create and map device memory with the driver's virtual memory management API, asking
// for an exportable (POSIX file descriptor) allocation: cuda-samples' memMapIPCDrv and
// cudaCompressibleMemory, cut down.
#include <hip/hip_runtime.h>
#include <cstdio>

#define DRV(call) do { hipError_t r = (call); if (r != hipSuccess) { printf("error %d at line %d\n", (int)r, __LINE__); return 1; } } while (0)

int allocate(hipDevice_t device, size_t bytes, bool compressible, hipDeviceptr_t *out)
{
    int vmm = 0;
    // CUDA's deprecated spelling of CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED
    DRV(hipDeviceGetAttribute(&vmm, hipDeviceAttributeVirtualMemoryManagementSupported, device));
    if (!vmm) return 1;

    hipMemAllocationProp prop = {};
    prop.type = hipMemAllocationTypePinned;
    prop.location.type = hipMemLocationTypeDevice;
    prop.location.id = (int)device;
    prop.requestedHandleType = hipMemHandleTypePosixFileDescriptor;
    if (compressible)
        prop.allocFlags.compressionType = CU_MEM_ALLOCATION_COMP_GENERIC;  // expect: HP001

    size_t granularity = 0;
    DRV(hipMemGetAllocationGranularity(&granularity, &prop, hipMemAllocationGranularityMinimum));
    size_t size = (bytes + granularity - 1) / granularity * granularity;

    hipMemGenericAllocationHandle_t handle;
    DRV(hipMemAddressReserve(out, size, 0, 0, 0));
    DRV(hipMemCreate(&handle, size, &prop, 0));
    DRV(hipMemMap(*out, size, 0, handle, 0));

    hipMemAccessDesc access = {};
    access.location = prop.location;
    access.flags = hipMemAccessFlagsProtReadWrite;
    DRV(hipMemSetAccess(*out, size, &access, 1));
    DRV(hipMemRelease(handle));
    return 0;
}
