// Kernels of a unity build: main.cu #includes this .cu file, so the check compiles it only
// through main.cu. checked_scale asserts, so hipcc also lists the device library's
// __assert_fail (a function, not a kernel of this project) and gives the kernel 64 B/lane of
// scratch with no spills. nvcc stops at the CUDA-only header below (it is not in the tree),
// as nvcc stops at a CUDA library header that is not installed.
#include <cassert>
#include <cuda_runtime.h>
#ifdef __NVCC__
#include "cuda_side_only.h"
#endif

__global__ void checked_scale(float* x, float s, int n) {
    assert(n > 0);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= s;
}
