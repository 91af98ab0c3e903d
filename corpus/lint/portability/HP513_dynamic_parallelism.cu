// Adaptive refinement that launches child grids from the device.
#include <cuda_runtime.h>

__global__ void refine(float* cells, int n)
{
    cells[threadIdx.x] *= 0.5f;
}

__device__ void spawn(float* cells, int n)
{
    refine<<<(n + 63) / 64, 64>>>(cells, n);  // expect: HP513
}

__global__ void adapt(float* cells, int n)
{
    if (threadIdx.x == 0 && cells[0] > 1.0f) {
        refine<<<1, 64>>>(cells, n);  // expect: HP513
        cudaDeviceSynchronize();  // expect: HP513
        spawn(cells, n);
    }
}

void host_driver(float* cells, int n)
{
    adapt<<<1, 64>>>(cells, n);  // ok: HP513
    cudaDeviceSynchronize();  // ok: HP513
}
