// Per-thread random walkers using the cuRAND device API.
#include <cstdio>
#include <hip/hip_runtime.h>
#include <hiprand/hiprand_kernel.h>

__global__ void setup_states(hiprandState *states, unsigned long long seed, int n)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id < n)
        hiprand_init(seed, id, 0, &states[id]);  // same seed, distinct subsequences
}

__global__ void random_walk(hiprandState *states, float2 *pos, int n, int steps, float dt)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= n) return;
    hiprandState local = states[id];     // work on a register copy
    float2 p = pos[id];
    for (int s = 0; s < steps; ++s) {
        p.x += sqrtf(dt) * hiprand_normal(&local);
        p.y += sqrtf(dt) * hiprand_normal(&local);
        if (hiprand_uniform(&local) < 0.001f) {   // rare reset to the origin
            p.x = 0.0f;
            p.y = 0.0f;
        }
    }
    pos[id] = p;
    states[id] = local;                  // save state for the next launch
}

__global__ void jitter(hiprandStatePhilox4_32_10_t *st, float4 *out, int n)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= n) return;
    hiprand_init(42, id, 0, &st[id]);
    out[id] = hiprand_uniform4(&st[id]);
    unsigned int bits = hiprand(&st[id]);
    out[id].w += (bits & 1) ? 1.0f : 0.0f;
}

int main()
{
    const int n = 1 << 16, threads = 128, blocks = (n + threads - 1) / threads;
    hiprandState *states;
    hiprandStatePhilox4_32_10_t *pstates;
    float2 *pos;
    float4 *noise;
    hipMalloc(&states, n * sizeof(hiprandState));
    hipMalloc(&pstates, n * sizeof(hiprandStatePhilox4_32_10_t));
    hipMalloc(&pos, n * sizeof(float2));
    hipMalloc(&noise, n * sizeof(float4));
    hipMemset(pos, 0, n * sizeof(float2));

    setup_states<<<blocks, threads>>>(states, 2024ULL, n);
    for (int epoch = 0; epoch < 10; ++epoch)
        random_walk<<<blocks, threads>>>(states, pos, n, 100, 0.01f);
    jitter<<<blocks, threads>>>(pstates, noise, n);

    float2 first;
    hipMemcpy(&first, pos, sizeof(float2), hipMemcpyDeviceToHost);
    printf("walker 0 at (%f, %f)\n", first.x, first.y);
    hipFree(states); hipFree(pstates); hipFree(pos); hipFree(noise);
    return 0;
}
