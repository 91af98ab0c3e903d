// hipify-plus-test: compile fails-before
// libcu++'s thread-scope pipeline and block-scope barrier in code already renamed to HIP:
// staged tile loads (cuda-samples' bf16TensorCoreGemm) and a split arrive/wait barrier
// (simpleAWBarrier), which the block's synchronous forms implement.
#include <hip/hip_runtime.h>
#include <cuda/pipeline>  // expect: HP509
#include <cuda/barrier>  // expect: HP509
#include <utility>

__global__ void staged_rows(const float4* in, float* out, int rows)
{
    __shared__ float4 stage[2][64];
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    const auto shape = cuda::aligned_size_t<alignof(float4)>(sizeof(float4));
    float sum = 0.0f;
    for (int r = 0; r < rows; ++r) {
        cuda::memcpy_async(&stage[r % 2][threadIdx.x % 64], &in[r * 64 + threadIdx.x % 64], shape, pipe);
        pipe.producer_commit();
        cuda::pipeline_consumer_wait_prior<0>(pipe);
        __syncthreads();
        sum += stage[r % 2][(threadIdx.x + 1) % 64].x;
        __syncthreads();
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = sum;
}

__global__ void block_total(const double* in, double* out)
{
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ double partial[1024];
    if (threadIdx.x == 0) {
        init(&bar, blockDim.x);
    }
    __syncthreads();
    cuda::memcpy_async(&partial[threadIdx.x], &in[blockIdx.x * blockDim.x + threadIdx.x], sizeof(double), bar);
    auto token = bar.arrive();
    bar.wait(std::move(token));
    if (threadIdx.x == 0) {
        double total = 0.0;
        for (unsigned i = 0; i < blockDim.x; ++i) total += partial[i];
        out[blockIdx.x] = total;
    }
    bar.arrive_and_wait();
}
