// Reserve, create and map device memory with the driver's virtual memory management API, asking
// for an exportable (POSIX file descriptor) allocation: cuda-samples' memMapIPCDrv and
// cudaCompressibleMemory, cut down.
#include <cuda.h>
#include <cstdio>

#define DRV(call) do { CUresult r = (call); if (r != CUDA_SUCCESS) { printf("error %d at line %d\n", (int)r, __LINE__); return 1; } } while (0)

int allocate(CUdevice device, size_t bytes, bool compressible, CUdeviceptr *out)
{
    int vmm = 0;
    // CUDA's deprecated spelling of CU_DEVICE_ATTRIBUTE_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED
    DRV(cuDeviceGetAttribute(&vmm, CU_DEVICE_ATTRIBUTE_VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED, device));
    if (!vmm) return 1;

    CUmemAllocationProp prop = {};
    prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
    prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
    prop.location.id = (int)device;
    prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
    if (compressible)
        prop.allocFlags.compressionType = CU_MEM_ALLOCATION_COMP_GENERIC;  // expect: HP001

    size_t granularity = 0;
    DRV(cuMemGetAllocationGranularity(&granularity, &prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM));
    size_t size = (bytes + granularity - 1) / granularity * granularity;

    CUmemGenericAllocationHandle handle;
    DRV(cuMemAddressReserve(out, size, 0, 0, 0));
    DRV(cuMemCreate(&handle, size, &prop, 0));
    DRV(cuMemMap(*out, size, 0, handle, 0));

    CUmemAccessDesc access = {};
    access.location = prop.location;
    access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
    DRV(cuMemSetAccess(*out, size, &access, 1));
    DRV(cuMemRelease(handle));
    return 0;
}
