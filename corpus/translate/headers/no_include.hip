// Relies on nvcc's implicit runtime include: no #include lines at all.

#include <hip/hip_runtime.h>
__global__ void fill_iota(int *out, int n, int start)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = start + i;
}

__global__ void checksum(const int *in, int n, unsigned long long *sum)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        atomicAdd(sum, (unsigned long long)in[i]);
}

int main()
{
    const int n = 4096;
    int *data = nullptr;
    unsigned long long *sum = nullptr;
    hipMallocManaged(&data, n * sizeof(int));
    hipMallocManaged(&sum, sizeof(unsigned long long));
    *sum = 0;

    dim3 block(128);
    dim3 grid((n + block.x - 1) / block.x);
    fill_iota<<<grid, block>>>(data, n, 1);
    checksum<<<grid, block>>>(data, n, sum);
    hipError_t err = hipDeviceSynchronize();

    int ok = (err == hipSuccess) && (*sum == (unsigned long long)n * (n + 1) / 2);
    hipFree(data);
    hipFree(sum);
    return ok ? 0 : 1;
}
