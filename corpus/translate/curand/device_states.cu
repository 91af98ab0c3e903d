// Per-thread random walkers using the cuRAND device API.
#include <cstdio>
#include <cuda_runtime.h>
#include <curand_kernel.h>

__global__ void setup_states(curandState *states, unsigned long long seed, int n)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id < n)
        curand_init(seed, id, 0, &states[id]);  // same seed, distinct subsequences
}

__global__ void random_walk(curandState *states, float2 *pos, int n, int steps, float dt)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= n) return;
    curandState local = states[id];     // work on a register copy
    float2 p = pos[id];
    for (int s = 0; s < steps; ++s) {
        p.x += sqrtf(dt) * curand_normal(&local);
        p.y += sqrtf(dt) * curand_normal(&local);
        if (curand_uniform(&local) < 0.001f) {   // rare reset to the origin
            p.x = 0.0f;
            p.y = 0.0f;
        }
    }
    pos[id] = p;
    states[id] = local;                  // save state for the next launch
}

__global__ void jitter(curandStatePhilox4_32_10_t *st, float4 *out, int n)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= n) return;
    curand_init(42, id, 0, &st[id]);
    out[id] = curand_uniform4(&st[id]);
    unsigned int bits = curand(&st[id]);
    out[id].w += (bits & 1) ? 1.0f : 0.0f;
}

int main()
{
    const int n = 1 << 16, threads = 128, blocks = (n + threads - 1) / threads;
    curandState *states;
    curandStatePhilox4_32_10_t *pstates;
    float2 *pos;
    float4 *noise;
    cudaMalloc(&states, n * sizeof(curandState));
    cudaMalloc(&pstates, n * sizeof(curandStatePhilox4_32_10_t));
    cudaMalloc(&pos, n * sizeof(float2));
    cudaMalloc(&noise, n * sizeof(float4));
    cudaMemset(pos, 0, n * sizeof(float2));

    setup_states<<<blocks, threads>>>(states, 2024ULL, n);
    for (int epoch = 0; epoch < 10; ++epoch)
        random_walk<<<blocks, threads>>>(states, pos, n, 100, 0.01f);
    jitter<<<blocks, threads>>>(pstates, noise, n);

    float2 first;
    cudaMemcpy(&first, pos, sizeof(float2), cudaMemcpyDeviceToHost);
    printf("walker 0 at (%f, %f)\n", first.x, first.y);
    cudaFree(states); cudaFree(pstates); cudaFree(pos); cudaFree(noise);
    return 0;
}
