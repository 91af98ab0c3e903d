// hipify-plus-test: fails-before
// Device variables handed to HIP's symbol functions.
#include <hip/hip_runtime.h>

struct Params { float scale; int steps; };

__constant__ float coefficients[16];
__constant__ Params params;
__device__ int counter;
__device__ float* table;
extern __device__ int external_flags[4];

namespace grid {
__device__ unsigned long long ticks;
}

void upload(const float* host, hipStream_t stream, const void* registered)
{
    Params p{1.0f, 8};
    hipMemcpyToSymbol(coefficients, host, 16 * sizeof(float));  // expect: HP707
    hipMemcpyToSymbolAsync(params, &p, sizeof(p), 0, hipMemcpyHostToDevice, stream);  // expect: HP707
    hipMemcpyToSymbol(HIP_SYMBOL(counter), &p.steps, sizeof(int));  // ok: HP707
    hipMemcpyToSymbol(registered, host, sizeof(float));  // ok: HP707
    hipMemcpyToSymbol(external_flags, &p.steps, sizeof(int));  // expect: HP707
    int value = 0;
    hipMemcpyFromSymbol(&value, counter, sizeof(int));  // expect: HP707
    hipMemcpyFromSymbolAsync(&value, grid::ticks, sizeof(value), 0, hipMemcpyDeviceToHost, stream);  // expect: HP707
    void* address = nullptr;
    size_t bytes = 0;
    hipGetSymbolAddress(&address, table);  // expect: HP707
    hipGetSymbolSize(&bytes, HIP_SYMBOL(coefficients));  // ok: HP707
    hipMemcpyFromSymbol(&value, (const void*)address, sizeof(int));  // ok: HP707
}

void record(hipGraph_t graph, const float* host, float* staging)
{
    hipGraphNode_t node;
    int steps = 4;
    hipGraphAddMemcpyNodeToSymbol(&node, graph, nullptr, 0, counter, &steps, sizeof(int), 0,  // expect: HP707
                                  hipMemcpyHostToDevice);
    hipGraphAddMemcpyNodeToSymbol(&node, graph, nullptr, 0, table, &staging, sizeof(float*), 0,  // expect: HP707
                                  hipMemcpyHostToDevice);
    hipGraphAddMemcpyNodeToSymbol(&node, graph, nullptr, 0, HIP_SYMBOL(params), host, sizeof(Params), 0,  // expect: HP707
                                  hipMemcpyHostToDevice);
    hipGraphAddMemcpyNodeToSymbol(&node, graph, nullptr, 0, coefficients, host, sizeof(float), 0,  // ok: HP707
                                  hipMemcpyHostToDevice);
    hipGraphAddMemcpyNodeFromSymbol(&node, graph, nullptr, 0, staging, &counter, sizeof(int), 0,  // ok: HP707
                                    hipMemcpyDeviceToHost);
}
