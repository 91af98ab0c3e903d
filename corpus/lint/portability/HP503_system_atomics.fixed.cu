// hipify-plus-test: compile fails-before
// cuda-samples' systemWideAtomics after renaming: HIP has the other *_system atomics but not the
// wrapping increment and decrement; the fix defines them for hip-clang after the includes.
#include <hip/hip_runtime.h>

// hipify-plus: CUDA device intrinsics that HIP does not declare, defined for hip-clang (CUDA
// builds keep CUDA's own): atomicInc_system, atomicDec_system.
#if defined(__HIP__)
#ifndef HIP_PLUS_ATOMICINC_SYSTEM
#define HIP_PLUS_ATOMICINC_SYSTEM
// CUDA's wrapping increment at system scope, by compare-and-swap at system scope (HIP declares
// atomicInc at device scope only).
__device__ inline unsigned int atomicInc_system(unsigned int* address, unsigned int val) {
  unsigned int old = *(volatile unsigned int*)address, assumed;
  do {
    assumed = old;
    const unsigned int next = assumed >= val ? 0u : assumed + 1u;
    old = atomicCAS_system(address, assumed, next);
  } while (old != assumed);
  return old;
}
#endif
#ifndef HIP_PLUS_ATOMICDEC_SYSTEM
#define HIP_PLUS_ATOMICDEC_SYSTEM
// CUDA's wrapping decrement at system scope, by compare-and-swap at system scope (HIP declares
// atomicDec at device scope only).
__device__ inline unsigned int atomicDec_system(unsigned int* address, unsigned int val) {
  unsigned int old = *(volatile unsigned int*)address, assumed;
  do {
    assumed = old;
    const unsigned int next = (assumed == 0u || assumed > val) ? val : assumed - 1u;
    old = atomicCAS_system(address, assumed, next);
  } while (old != assumed);
  return old;
}
#endif
#endif

__global__ void atomicKernel(int *atom_arr)
{
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    atomicAdd_system(&atom_arr[0], 10);  // ok: HP503
    atomicExch_system(&atom_arr[1], tid);  // ok: HP503
    atomicInc_system((unsigned int *)&atom_arr[4], 17);  // expect: HP503
    atomicDec_system((unsigned int *)&atom_arr[5], 137);  // expect: HP503
    atomicCAS_system(&atom_arr[6], tid - 1, tid);  // ok: HP503
    atomicInc((unsigned int *)&atom_arr[7], 17);  // ok: HP503
}
