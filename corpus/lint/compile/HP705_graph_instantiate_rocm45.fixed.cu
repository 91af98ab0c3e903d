// hipify-plus-test: rocm-version=4.5 fails-before
// Before ROCm 5.0 there is no hipGraphInstantiateWithFlags: CUDA 12's three-argument
// cudaGraphInstantiate becomes HIP's five-argument form when its flags are 0.
#include <hip/hip_runtime.h>

#define NO_FLAGS 0

template <typename F>
void instantiate_with(hipGraphExec_t* exec, hipGraph_t graph, F flags)
{
    hipGraphInstantiate(exec, graph, flags);  // expect: HP705
}

void instantiate(hipGraphExec_t* exec, hipGraph_t graph)
{
    hipGraphInstantiate(exec, graph, nullptr, nullptr, 0);  // expect: HP705
    hipGraphInstantiate(exec, graph, nullptr, nullptr, 0);  // expect: HP705
    hipGraphInstantiate(exec, graph, nullptr, nullptr, 0);  // ok: HP705
    hipEventCreate(nullptr);  // ok: HP705
}
