// hipify-plus-test: compile fails-before
// cuda-samples' systemWideAtomics after renaming: HIP has the other *_system atomics but not the
// wrapping increment and decrement; the fix defines them for hip-clang after the includes.
#include <hip/hip_runtime.h>

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
