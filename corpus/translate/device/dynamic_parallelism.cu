// CUDA dynamic parallelism: kernels that launch kernels and call the device runtime. HIP has
// none, so convert renames the calls and reports each device-side use (HP513).
#include <cuda_runtime.h>

__global__ void child(int *data, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        data[i] *= 2;
}

__global__ void parent(int *data, int n)
{
    if (threadIdx.x == 0) {
        cudaStream_t s;
        cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);  // expect: HP513
        int *scratch;
        cudaMalloc((void **)&scratch, n * sizeof(int));  // expect: HP513
        child<<<(n + 255) / 256, 256, 0, s>>>(data, n);  // expect: HP513
        cudaFree(scratch);  // expect: HP513
        cudaStreamDestroy(s);  // expect: HP513
    }
}

void run(int *data, int n)
{
    parent<<<1, 32>>>(data, n);
    cudaDeviceSynchronize();
}
