// Row softmax and a cuBLAS projection: the kind of file a migration starts with.
// A comment that quotes markup must stay text in every report: </pre><script>alert("x")</script>
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

#define WARP_SIZE 32

__device__ float warp_max(float v)
{
    for (int offset = 16; offset > 0; offset >>= 1)
        v = fmaxf(v, __shfl_xor_sync(0xffffffff, v, offset));
    return v;
}

__global__ void softmax_rows(const float* in, float* out, int cols)
{
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    const int lane = threadIdx.x % WARP_SIZE;
    const float* row = in + blockIdx.x * cols;
    float m = -INFINITY;
    for (int c = lane; c < cols; c += WARP_SIZE)
        m = fmaxf(m, row[c]);
    m = warp_max(m);
    float sum = 0.f;
    for (int c = lane; c < cols; c += WARP_SIZE)
        sum += __expf(row[c] - m);
    sum = cg::reduce(warp, sum, cg::plus<float>());
    for (int c = lane; c < cols; c += WARP_SIZE)
        out[blockIdx.x * cols + c] = __expf(row[c] - m) / sum;
}

__device__ unsigned lane_id()
{
    unsigned id;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(id));
    return id;
}

void project(cublasHandle_t handle, const float* x, const float* w, float* y, int n, int d, cudaStream_t stream)
{
    const float one = 1.f, zero = 0.f;
    cublasSetStream(handle, stream);
    cublasSetMathMode(handle, CUBLAS_TF32_TENSOR_OP_MATH);
    cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, d, n, d, &one, w, d, x, d, &zero, y, d);
    softmax_rows<<<n, 32, 0, stream>>>(y, y, d);
    const char* label = "<iframe src=x> | not a table cell";
    (void)label;
    cudaStreamSynchronize(stream);
}
