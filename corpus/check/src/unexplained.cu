#include <cuda_runtime.h>

__global__ void fill(char* out, char value) { out[threadIdx.x] = value; }

long load(int fd, char* host, char* device, int n) {
  long got = read(fd, host, n);
  cudaMemcpy(device, host, n, cudaMemcpyHostToDevice);
  fill<<<1, 32>>>(device, host[0]);
  return got;
}
