// Calls into CUDA libraries no HIPIFY table covers: each gets an error naming the ROCm counterpart.
#include <hip/hip_runtime.h>
#include <cstdio>
#include <nvml.h>  // expect: HP007
#include <nvjpeg.h>  // expect: HP007
#include <npp.h>  // expect: HP007

int gpu_count()
{
    unsigned int count = 0;
    if (nvmlInit_v2() != NVML_SUCCESS)  // expect: HP001, HP001
        return -1;
    nvmlDeviceGetCount_v2(&count);  // expect: HP001
    nvmlShutdown();  // expect: HP001
    return (int)count;
}

int decoder()
{
    nvjpegHandle_t handle;  // expect: HP001
    return nvjpegCreateSimple(&handle);  // expect: HP001
}

void resize(const unsigned char *src, unsigned char *dst, NppiSize size)  // expect: HP001
{
    int nvmlCount = 0;  // a project's own name that merely starts alike stays quiet
    (void)src; (void)dst; (void)size; (void)nvmlCount;
}
