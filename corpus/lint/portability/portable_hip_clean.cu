// Portable HIP code (AMD and NVIDIA platforms) touching every HP5xx area: no findings expected.
#include <hip/hip_runtime.h>
#include <hip/hip_bf16.h>  // ok: HP504
#include <hip/hip_fp8.h>  // ok: HP505
#include <hip/hip_cooperative_groups.h>  // ok: HP509, HP510
#include <hipcub/hipcub.hpp>  // ok: HP518
#include <thrust/device_vector.h>  // ok: HP518
#include <rccl/rccl.h>  // ok: HP517
#include <roctracer/roctx.h>  // ok: HP516
#include <rocwmma/rocwmma.hpp>  // ok: HP506
#include <rocblas/rocblas.h>

namespace cg = cooperative_groups;
namespace wmma = rocwmma;

#if defined(__HIP_PLATFORM_AMD__)
#  define LANE_ID(out) ((out) = __lane_id())
#else
#  define LANE_ID(out) asm volatile("mov.u32 %0, %%laneid;" : "=r"(out))  // ok: HP501
#endif
#define COMPILER_FENCE() asm volatile("" ::: "memory")  // ok: HP501

__host__ __device__ inline int device_pass()
{
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)  // ok: HP502
    return 1;
#else
    return 0;
#endif
}

__device__ inline float fused(float a, float b, float c)
{
#if defined(__HIP_PLATFORM_AMD__)
    return __builtin_fmaf(a, b, c);
#elif __CUDA_ARCH__ >= 800  // ok: HP502
    unsigned lane;
    asm volatile("mov.u32 %0, %%laneid;" : "=r"(lane));  // ok: HP501
    return __fmaf_rn(a, b, c) + 0.0f * lane;
#else
    return a * b + c;
#endif
}

__device__ inline void wait_for_loads()
{
#ifdef __HIP_PLATFORM_AMD__
    asm volatile("s_waitcnt vmcnt(0)" ::: "memory");  // ok: HP501
#endif
    COMPILER_FENCE();
}

__global__ void histogram(const int* keys, int n, int* bins, volatile int* flag)
{
    __shared__ int local[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        atomicAdd(&local[keys[i] & 255], 1);  // ok: HP503
        atomicAdd(&bins[__ldg(&keys[i]) & 255], 1);  // ok: HP503
    }
    while (*flag == 0) {
        __builtin_amdgcn_s_sleep(2);  // ok: HP503
    }
    if (*flag < 0) {
        __builtin_trap();  // ok: HP503
    }
}

__global__ void pack_bf16(const float* in, __hip_bfloat16* out, const __half* h, __half* hout, int n)  // ok: HP504
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = __float2bfloat16(__builtin_nontemporal_load(&in[i]));  // ok: HP503
        hout[i] = __ldcg(&h[i]);  // ok: HP503
    }
}

rocblas_status gemm_bf16(rocblas_handle handle, const hip_bfloat16* a, hip_bfloat16* c, int n)  // ok: HP504
{
    (void)handle; (void)a; (void)c; (void)n;
    return rocblas_status_success;
}

__global__ void quantize_fnuz(const float* in, __hip_fp8_e4m3_fnuz* out, int n)  // ok: HP505
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = __hip_fp8_e4m3_fnuz(in[i]);  // ok: HP505
    }
}

__global__ void tile_gemm(const rocwmma::float16_t* a, const rocwmma::float16_t* b, float* c, int k)
{
    int wave = (blockIdx.x * blockDim.x + threadIdx.x) / warpSize;  // ok: HP508
    wmma::fragment<wmma::matrix_a, 16, 16, 16, rocwmma::float16_t, wmma::row_major> fa;  // ok: HP507
    wmma::fragment<wmma::matrix_b, 16, 16, 16, rocwmma::float16_t, wmma::col_major> fb;  // ok: HP507
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;  // ok: HP507
    wmma::fill_fragment(acc, 0.0f);
    for (int i = 0; i < k; i += 16) {
        wmma::load_matrix_sync(fa, a + wave * 16 * k + i, k);
        wmma::load_matrix_sync(fb, b + i, k);
        wmma::mma_sync(acc, fa, fb, acc);
    }
    wmma::store_matrix_sync(c + wave * 256, acc, 16, wmma::mem_row_major);
}

__global__ void grid_reduce(float* data, float* partial, int n)
{
    cg::grid_group grid = cg::this_grid();
    cg::thread_block block = cg::this_thread_block();  // ok: HP512
    auto tile = cg::tiled_partition<32>(block);  // ok: HP510
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? data[i] : 0.0f;
    for (int o = tile.size() / 2; o > 0; o /= 2) v += tile.shfl_down(v, o);  // ok: HP510
    if (tile.thread_rank() == 0) partial[blockIdx.x * 8 + tile.meta_group_rank()] = v;
    grid.sync();  // ok: HP511
    if (i == 0) data[0] = partial[0];
}

__global__ void gather(hipTextureObject_t table, const int* idx, float* out, long long* cycles, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    long long start = clock64();  // ok: HP515
    if (i < n) {
        out[i] = tex1Dfetch<float>(table, idx[i]);  // ok: HP514
    }
    cycles[i] = clock64() - start;  // ok: HP515
}

__global__ void scale(float* x, float s, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= s;
}

void run(float* data, float* partial, int n, ncclComm_t comm, hipStream_t stream)
{
    roctxRangePushA("run");  // ok: HP516
    dim3 grid(64), block(256);
    void* args[] = {&data, &partial, &n};
    hipLaunchCooperativeKernel((const void*)grid_reduce, grid, block, args, 0, stream);  // ok: HP511
    hipLaunchKernelGGL(scale, grid, block, 0, stream, data, 2.0f, n);  // ok: HP513
    scale<<<grid, block, 0, stream>>>(data, 0.5f, n);  // ok: HP513
    ncclAllReduce(data, data, n, ncclFloat, ncclSum, comm, stream);  // ok: HP517
    size_t bytes = 0;
    hipcub::DeviceReduce::Sum(nullptr, bytes, data, partial, n, stream);  // ok: HP518
    thrust::device_vector<float> copy(data, data + n);  // ok: HP518
    hipStreamSynchronize(stream);  // ok: HP519
    hipDeviceSynchronize();  // ok: HP513, HP519
    roctxRangePop();  // ok: HP516
}
