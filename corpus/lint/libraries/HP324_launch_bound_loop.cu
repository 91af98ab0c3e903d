// hipify-plus-test: select=HP324
// Time stepping of a small 2-D stencil: a handful of short kernels per step.
#include <cuda_runtime.h>

__global__ void predict(float* u, int n) {}
__global__ void correct(float* u, int n) {}
__global__ void apply_boundary(float* u, int n) {}
__global__ void exchange_halo(float* u, int n) {}
__global__ void residual(const float* u, float* r, int n) {}

void run(float* u, float* r, float* host_r, int n, int steps, cudaStream_t stream, cudaStream_t other)
{
    dim3 grid((n + 255) / 256), block(256);
    for (int step = 0; step < steps; ++step) {  // expect: HP324
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, stream>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        exchange_halo<<<grid, block, 0, stream>>>(u, n);
    }
    // Convergence check every step: the copy back synchronises, the launches are not the bottleneck.
    for (int step = 0; step < steps; ++step) {  // ok: HP324
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, stream>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        residual<<<grid, block, 0, stream>>>(u, r, n);
        cudaMemcpy(host_r, r, sizeof(float), cudaMemcpyDeviceToHost);
    }
    // Two streams overlap each other.
    for (int step = 0; step < steps; ++step) {  // ok: HP324
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, other>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
        exchange_halo<<<grid, block, 0, other>>>(u, n);
    }
    int step = 0;
    while (step++ < steps) {  // expect: HP324
        hipLaunchKernelGGL(predict, grid, block, 0, 0, u, n);
        hipLaunchKernelGGL(correct, grid, block, 0, 0, u, n);
        hipLaunchKernelGGL(apply_boundary, grid, block, 0, 0, u, n);
        exchange_halo<<<grid, block>>>(u, n);
    }
    for (int step = 0; step < steps; ++step) {  // ok: HP324
        predict<<<grid, block, 0, stream>>>(u, n);
        correct<<<grid, block, 0, stream>>>(u, n);
        apply_boundary<<<grid, block, 0, stream>>>(u, n);
    }
}
