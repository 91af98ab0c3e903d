#include <cuda_runtime.h>
#include "util/scale.cuh"

__global__ void scale(float* x, float by, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] = scaled(x[i], by);
}

int run(float* x, int n) {
  scale<<<(n + 255) / 256, 256>>>(x, 2.0f, n);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
