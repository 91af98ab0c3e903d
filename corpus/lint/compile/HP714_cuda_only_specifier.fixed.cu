// hipify-plus-test: fails-before
// cuda-samples' simpleCallback and LargeKernelParameter after renaming.
#include <hip/hip_runtime.h>
#include <cstdio>

struct param_t { int values[32]; };

void myStreamCallback(hipStream_t event, hipError_t status, void *data);  // expect: HP714

__global__ void kernelDefault(const param_t p, int *result)  // expect: HP714
{
    result[threadIdx.x] = p.values[threadIdx.x];
}

void myStreamCallback(hipStream_t stream, hipError_t status, void *data)  // expect: HP714
{
    printf("callback: %s\n", "CUDART_CB in a string stays");  // CUDART_CB in a comment stays
}

void enqueue(hipStream_t stream)
{
    hipStreamAddCallback(stream, myStreamCallback, nullptr, 0);
}

#define CUDART_CB  // ok: HP714
