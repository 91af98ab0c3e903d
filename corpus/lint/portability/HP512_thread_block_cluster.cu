// Hopper thread-block clusters with distributed shared memory.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void __cluster_dims__(2, 1, 1) cluster_sum(const float* in, float* out)  // expect: HP512
{
    __shared__ float partial;
    cg::cluster_group cluster = cg::this_cluster();  // expect: HP512
    partial = in[blockIdx.x * blockDim.x + threadIdx.x];
    cluster.sync();
    float* peer = cluster.map_shared_rank(&partial, 1);
    if (threadIdx.x == 0) out[blockIdx.x] = partial + *peer;
}

__global__ void plain_sum(const float* in, float* out)
{
    cg::thread_block block = cg::this_thread_block();  // ok: HP512
    block.sync();
    out[blockIdx.x] = in[threadIdx.x];
}

void launch(const float* in, float* out, cudaStream_t stream)
{
    cudaLaunchConfig_t config = {};
    cudaLaunchAttribute attribute[1];
    attribute[0].id = cudaLaunchAttributeClusterDimension;  // expect: HP512
    attribute[0].val.clusterDim.x = 2;
    config.attrs = attribute;
    config.numAttrs = 1;
    int clusters = 0;
    cudaOccupancyMaxPotentialClusterSize(&clusters, (void*)cluster_sum, &config);  // expect: HP512
    cudaLaunchKernelEx(&config, cluster_sum, in, out);
    plain_sum<<<1, 64, 0, stream>>>(in, out);
}

int count_clusters(const int* sizes, int n)
{
    int this_cluster = 0;  // ok: HP512
    for (int i = 0; i < n; ++i) this_cluster += sizes[i] > 1;
    return this_cluster;
}
