// hipify-plus-test: fails-before
// cuda-samples' fluidsGL after renaming: the launch's dimensions are uint3 variables.
#include <hip/hip_runtime.h>

#define TIDSX 64
#define TIDSY 4

__global__ void diffuseProject_k(float2 *vx, float2 *vy, int dx, int dy, float dt, float visc, int lb)
{
    vx[threadIdx.x] = vy[threadIdx.x];
}

void diffuseProject(float2 *vx, float2 *vy, int dx, int dy, float dt, float visc)
{
    uint3 grid = make_uint3(dx / TIDSX, dy / TIDSY, 1);
    uint3 tids = make_uint3(TIDSX, TIDSY, 1);
    diffuseProject_k<<<grid, tids>>>(vx, vy, dx, dy, dt, visc, 16);  // expect: HP716, HP716
    dim3 block(TIDSX, TIDSY);
    diffuseProject_k<<<dim3(grid.x, grid.y), block>>>(vx, vy, dx, dy, dt, visc, 16);  // ok: HP716
}
