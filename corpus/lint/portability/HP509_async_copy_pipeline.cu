// Double-buffered tile loads with libcu++ pipelines and cooperative-groups collectives.
#include <cooperative_groups.h>  // ok: HP510
#include <cooperative_groups/reduce.h>  // expect: HP510
#include <cuda/pipeline>  // expect: HP509
#include <cuda_pipeline.h>  // expect: HP509
namespace cg = cooperative_groups;

__global__ void staged_sum(const float* in, float* out, int n)
{
    __shared__ float tile[2][256];
    auto block = cg::this_thread_block();
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();  // ok: HP509 (the block has it)
    for (int base = 0; base < n; base += 256) {
        pipe.producer_acquire();
        cuda::memcpy_async(&tile[0][threadIdx.x], &in[base + threadIdx.x], sizeof(float), pipe);  // ok: HP509
        pipe.producer_commit();
        pipe.consumer_wait();
        pipe.consumer_release();
    }
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;  // expect: HP509
    auto shared = cuda::make_pipeline(block, &state);  // expect: HP509
    cuda::memcpy_async(block, &tile[1][0], &in[0], sizeof(float) * 256, shared);  // expect: HP509
    cg::memcpy_async(block, tile[1], in, sizeof(float) * 256);  // expect: HP509
    cg::wait(block);  // expect: HP509
    __pipeline_memcpy_async(&tile[0][0], &in[0], sizeof(float));  // expect: HP509
    __pipeline_commit();  // expect: HP509
    auto tile32 = cg::tiled_partition<32>(block);  // ok: HP510
    float v = tile[0][threadIdx.x];
    float total = cg::reduce(tile32, v, cg::plus<float>());  // ok: HP510
    int flags = cooperative_groups::reduce(tile32, (int)v, cooperative_groups::bit_or<int>());  // ok: HP510
    cg::plus<float> add;  // ok: HP510
    float scanned = cg::inclusive_scan(tile32, v);  // expect: HP510
    for (int o = tile32.size() / 2; o > 0; o /= 2) v += tile32.shfl_down(v, o);  // ok: HP510
    tile32.sync();  // ok: HP510
    block.sync();  // ok: HP509
    if (threadIdx.x == 0) out[blockIdx.x] = total + flags + add(v, scanned);
}
