// CUDA dynamic parallelism: kernels that launch kernels and call the device runtime. HIP has
// none, so convert renames the calls and reports each device-side use (HP513).
#include <hip/hip_runtime.h>

__global__ void child(int *data, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        data[i] *= 2;
}

__global__ void parent(int *data, int n)
{
    if (threadIdx.x == 0) {
        hipStream_t s;
        hipStreamCreateWithFlags(&s, hipStreamNonBlocking);  // expect: HP513
        int *scratch;
        hipMalloc((void **)&scratch, n * sizeof(int));  // expect: HP513
        child<<<(n + 255) / 256, 256, 0, s>>>(data, n);  // expect: HP513
        hipFree(scratch);  // expect: HP513
        hipStreamDestroy(s);  // expect: HP513
    }
}

void run(int *data, int n)
{
    parent<<<1, 32>>>(data, n);
    hipDeviceSynchronize();
}
