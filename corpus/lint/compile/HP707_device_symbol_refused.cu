// Symbols HP707 reports without a fix.
#include <hip/hip_runtime.h>
#include "HP707_device_symbols.h"

extern __device__ int shared_counter;  // declared here: HP707 knows it

template <typename Graph>
void record(Graph graph, hipGraphNode_t* node, const int* steps)
{
    // a symbol declared in another file: an array would be right, a scalar not; HP707 cannot tell
    hipGraphAddMemcpyNodeToSymbol(node, graph, nullptr, 0, remote_steps, steps, sizeof(int), 0,  // expect: HP707
                                  hipMemcpyHostToDevice);
    hipGraphAddMemcpyNodeToSymbol(node, graph, nullptr, 0, &shared_counter, steps, sizeof(int), 0,  // ok: HP707
                                  hipMemcpyHostToDevice);
}

template <typename T>
void upload(const T* host)
{
    hipMemcpyToSymbol("coefficients", host, sizeof(T));  // expect: HP707
}
