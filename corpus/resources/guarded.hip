#include <hip/hip_runtime.h>

#ifdef WITH_SCALE
__global__ void scale(float* x, float a) { x[blockIdx.x * blockDim.x + threadIdx.x] *= a; }
#endif

__global__ void fill(float* x, float v) { x[blockIdx.x * blockDim.x + threadIdx.x] = v; }
