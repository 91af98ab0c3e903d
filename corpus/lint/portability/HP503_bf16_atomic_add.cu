// hipify-plus-test: compile fails-before rocm-version=6.4 min-hip=6.0
// llm.c's dev/cuda/layernorm_backward.cu after renaming: bf16 gradients summed with atomicAdd on
// the bf16 pair around each value (CUDA's sm_80 overloads, which HIP does not declare).
#include <hip/hip_runtime.h>
#include <hip/hip_bf16.h>
#include <cstdint>

__device__ void atomicAddX(__hip_bfloat16* addr, __hip_bfloat16 val) {
    uintptr_t ptr_val = reinterpret_cast<uintptr_t>(addr);
    __hip_bfloat162* ptr_bf16 = reinterpret_cast<__hip_bfloat162*>(ptr_val & ~uintptr_t(0x3));
    __hip_bfloat162 add_val = (ptr_val & 0x3) ? __halves2bfloat162(__ushort_as_bfloat16(0), val)
                                              : __halves2bfloat162(val, __ushort_as_bfloat16(0));
    atomicAdd(ptr_bf16, add_val);  // expect: HP503
}

__global__ void accumulate(__hip_bfloat16* grad, const __hip_bfloat16* update, float* total, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    atomicAdd(&grad[i % 8], update[i]);  // expect: HP503
    atomicAddX(grad + 8 + i % 8, update[i]);
    atomicAdd(total, __bfloat162float(update[i]));  // ok: HP503
}
