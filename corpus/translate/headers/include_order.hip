// Cooperative groups included before the runtime, as CUDA allows: HIP's header needs the runtime
// first, so convert puts hip_runtime.h before it.
#include <stdio.h>
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_vector_types.h>

namespace cg = cooperative_groups;

__global__ void block_sum(const float* in, float* out)
{
    cg::thread_block block = cg::this_thread_block();
    __shared__ float partial[256];
    partial[block.thread_rank()] = in[blockIdx.x * blockDim.x + threadIdx.x];
    block.sync();
    if (block.thread_rank() == 0) {
        float2 acc = make_float2(0.0f, 0.0f);
        for (int i = 0; i < 256; ++i) acc.x += partial[i];
        out[blockIdx.x] = acc.x;
    }
}

int main()
{
    float *in, *out;
    hipMalloc(&in, 1024 * sizeof(float));
    hipMalloc(&out, 4 * sizeof(float));
    block_sum<<<4, 256>>>(in, out);
    hipDeviceSynchronize();
    printf("done\n");
    return 0;
}
