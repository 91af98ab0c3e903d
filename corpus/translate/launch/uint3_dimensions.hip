// cuda-samples' fluidsGL: a launch whose grid and block are uint3 variables (HP716).
#include <hip/hip_runtime.h>

__global__ void diffuse(float2 *v, int dx)
{
    v[threadIdx.x].x = dx;
}

void step(float2 *v, int dx, int dy)
{
    uint3 grid = make_uint3(dx / 64, dy / 4, 1);
    uint3 tids = make_uint3(64, 4, 1);
    diffuse<<<dim3(grid.x, grid.y, grid.z), dim3(tids.x, tids.y, tids.z)>>>(v, dx);
}
