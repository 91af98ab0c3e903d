// A CUDA source using NCCL, CUB, Thrust and NVTX: information for the port, no rewrites.
#include <cuda_runtime.h>
#include <nccl.h>  // expect: HP517
#include <cub/block/block_reduce.cuh>  // expect: HP518
#include <thrust/device_vector.h>  // expect: HP518
#include <thrust/reduce.h>  // ok: HP518
#include <nvtx3/nvToolsExt.h>  // expect: HP516

template <int Threads>
__global__ void block_sum(const float* in, float* out)
{
    using Reduce = cub::BlockReduce<float, Threads>;  // ok: HP518
    __shared__ typename Reduce::TempStorage storage;
    float total = Reduce(storage).Sum(in[threadIdx.x]);
    if (threadIdx.x == 0) out[blockIdx.x] = total;
}

float total(const thrust::device_vector<float>& v, ncclComm_t comm)
{
    nvtxRangePushA("total");  // expect: HP516
    float t = thrust::reduce(v.begin(), v.end());
    nvtxRangePop();  // expect: HP516
    (void)comm;
    return t;
}
