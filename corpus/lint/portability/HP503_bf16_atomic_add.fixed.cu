// hipify-plus-test: compile fails-before rocm-version=6.4 min-hip=6.0
// llm.c's dev/cuda/layernorm_backward.cu after renaming: bf16 gradients summed with atomicAdd on
// the bf16 pair around each value (CUDA's sm_80 overloads, which HIP does not declare).
#include <hip/hip_runtime.h>
#include <hip/hip_bf16.h>
#include <cstdint>

// hipify-plus: CUDA device intrinsics that HIP does not declare, defined for hip-clang (CUDA
// builds keep CUDA's own): atomicAdd(__hip_bfloat16*), atomicAdd(__hip_bfloat162*).
#if defined(__HIP__)
#include <hip/hip_bf16.h>
#ifndef HIP_PLUS_ATOMICADD_BF162
#define HIP_PLUS_ATOMICADD_BF162
// CUDA's atomicAdd on a bf16 pair (HIP declares none), by compare-and-swap on the 32-bit pair:
// CUDA makes each half atomic on its own, this makes the pair atomic, which is stronger.
__device__ inline __hip_bfloat162 atomicAdd(__hip_bfloat162* address, __hip_bfloat162 val) {
  unsigned int* word = reinterpret_cast<unsigned int*>(address);
  unsigned int old = *(volatile unsigned int*)word, assumed;
  do {
    assumed = old;
    __hip_bfloat162 current;
    __builtin_memcpy(&current, &assumed, sizeof assumed);
    const __hip_bfloat162 sum = __hadd2(current, val);
    unsigned int next;
    __builtin_memcpy(&next, &sum, sizeof next);
    old = atomicCAS(word, assumed, next);
  } while (old != assumed);
  __hip_bfloat162 previous;
  __builtin_memcpy(&previous, &old, sizeof old);
  return previous;
}
#endif
#ifndef HIP_PLUS_ATOMICADD_BF16
#define HIP_PLUS_ATOMICADD_BF16
// CUDA's atomicAdd on one bf16 (HIP declares none), by compare-and-swap on the aligned 32-bit word
// that holds it; the other half of the word is written back as it was read.
__device__ inline __hip_bfloat16 atomicAdd(__hip_bfloat16* address, __hip_bfloat16 val) {
  const unsigned long long at = reinterpret_cast<unsigned long long>(address);
  unsigned int* word = reinterpret_cast<unsigned int*>(at & ~3ull);
  const unsigned int shift = (at & 2ull) ? 16u : 0u;
  unsigned int old = *(volatile unsigned int*)word, assumed;
  do {
    assumed = old;
    const unsigned short bits = (unsigned short)(assumed >> shift);
    __hip_bfloat16 current;
    __builtin_memcpy(&current, &bits, sizeof bits);
    const __hip_bfloat16 sum = __hadd(current, val);
    unsigned short out;
    __builtin_memcpy(&out, &sum, sizeof out);
    old = atomicCAS(word, assumed, (assumed & ~(0xFFFFu << shift)) | ((unsigned int)out << shift));
  } while (old != assumed);
  const unsigned short bits = (unsigned short)(old >> shift);
  __hip_bfloat16 previous;
  __builtin_memcpy(&previous, &bits, sizeof bits);
  return previous;
}
#endif
#endif

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
