// hipify-plus-test: unsafe-fixes
// A two-phase reduction that synchronises the whole grid between phases.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void two_phase(float* data, float* partial, int n)
{
    cg::grid_group grid = cg::this_grid();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) partial[blockIdx.x] = data[i];
    grid.sync();
    if (i == 0) data[0] = partial[0];
}

__global__ void chained(float* data)
{
    data[threadIdx.x] += 1.0f;
    cg::this_grid().sync();
    data[threadIdx.x] *= 2.0f;
}

__global__ void block_only(float* data)
{
    cg::this_thread_block().sync();
    data[threadIdx.x] = 0.0f;
}

void run(float* data, float* partial, int n, cudaStream_t stream)
{
    dim3 grid(64), block(256);
    { void* hp_args[] = {(void*)&data, (void*)&partial, (void*)&n}; cudaLaunchCooperativeKernel((const void*)two_phase, grid, block, hp_args, 0, stream); }  // expect: HP511
    { void* hp_args[] = {(void*)&data}; cudaLaunchCooperativeKernel((const void*)chained, 8, 128, hp_args, 0, 0); }  // expect: HP511
    chained<<<8, 128>>>(data + 1);  // expect: HP511
    block_only<<<grid, block>>>(data);  // ok: HP511
    void* args[] = {&data, &partial, &n};
    cudaLaunchCooperativeKernel((void*)two_phase, grid, block, args, 0, stream);  // ok: HP511
    cudaLaunchCooperativeKernel((void*)two_phase, grid, block, args, 0, stream);  // expect: HP511
}
