// hipify-plus-test: rocm-version=5.7 compile=no
// A device query ported to HIP, built for ROCm 5.7: hipDeviceProp_t has CUDA's newer fields from 6.0.
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstring>

void report(int device)
{
    hipDeviceProp_t prop;
    hipGetDeviceProperties(&prop, device);
    printf("%s: %d SMs\n", prop.name, prop.multiProcessorCount);  // ok: HP709
    printf("LDS per CU: %zu\n", prop.sharedMemPerMultiprocessor);  // expect: HP709
    printf("opt-in LDS: %zu\n", prop.sharedMemPerBlockOptin);  // expect: HP709
    printf("overlap: %d\n", prop.deviceOverlap);  // expect: HP709
    printf("copy engines: %d\n", prop.asyncEngineCount);  // expect: HP709
    if (!prop.unifiedAddressing)  // expect: HP709
        printf("no unified addressing\n");
    printf("NUMA node: %d\n", prop.deviceNumaId);  // expect: HP709
}

void query_all(int count)
{
    hipDeviceProp_t props[8];
    for (int i = 0; i < count && i < 8; ++i) {
        hipGetDeviceProperties(&props[i], i);
        printf("%d\n", props[i].maxTexture1DLayered[0]);  // expect: HP709
    }
}

int same_gpu(const unsigned char* uuid, int count)
{
    for (int device = 0; device < count; ++device) {
        hipDeviceProp_t prop;
        hipGetDeviceProperties(&prop, device);
        if (memcmp(&prop.uuid, uuid, 16) == 0)  // expect: HP709
            return device;
    }
    return -1;
}

int changed_device(int device)
{
    hipDeviceProp_t prop;
    hipGetDeviceProperties(&prop, device);
    device = 0;
    return prop.uuid.bytes[0];  // expect: HP709
}

struct Other { int deviceOverlap; };

int unrelated(const Other* o, const hipDeviceProp_t* p)
{
    return o->deviceOverlap + p->regsPerBlock;  // ok: HP709
}
