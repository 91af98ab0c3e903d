// Jacobi-style relaxation driven by a device-side while loop in a CUDA graph,
// launched with thread-block clusters on Hopper-class GPUs.
#include <cstdio>
#include <cuda_runtime.h>

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { \
    printf("%s failed: %s\n", #x, cudaGetErrorString(e)); return 1; } } while (0)

__global__ void relax(float *x, const float *b, int n, int *not_converged)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i < n - 1) {
        float next = 0.5f * (x[i - 1] + x[i + 1] + b[i]);
        if (fabsf(next - x[i]) > 1e-6f) *not_converged = 1;
        x[i] = next;
    }
}

__global__ void update_condition(int *not_converged, cudaGraphConditionalHandle h)  // expect: HP001
{
    cudaGraphSetConditional(h, *not_converged ? 1u : 0u);  // expect: HP006
    *not_converged = 0;
}

int main()
{
    const int n = 1 << 16, threads = 256, blocks = n / threads;
    float *x, *b; int *flag;
    CK(cudaMalloc(&x, n * sizeof(float))); CK(cudaMemset(x, 0, n * sizeof(float)));
    CK(cudaMalloc(&b, n * sizeof(float))); CK(cudaMemset(b, 0, n * sizeof(float)));
    CK(cudaMalloc(&flag, sizeof(int))); CK(cudaMemset(flag, 0, sizeof(int)));
    cudaStream_t stream;
    CK(cudaStreamCreate(&stream));

    // Ask how large a cluster the kernel can use, then launch once with clusters.
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(blocks); cfg.blockDim = dim3(threads); cfg.stream = stream;
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeClusterDimension;  // expect: HP004
    attr[0].val.clusterDim.x = 2; attr[0].val.clusterDim.y = 1; attr[0].val.clusterDim.z = 1;
    cfg.attrs = attr; cfg.numAttrs = 1;
    int maxCluster = 0, nn = n;
    CK(cudaOccupancyMaxPotentialClusterSize(&maxCluster, (void *)relax, &cfg));  // expect: HP004
    printf("max cluster size: %d\n", maxCluster);
    void *args[] = { &x, &b, &nn, &flag };
    CK(cudaLaunchKernelExC(&cfg, (const void *)relax, args));

    // while (not_converged) { relax; update_condition; }
    cudaGraph_t graph;
    CK(cudaGraphCreate(&graph, 0));
    cudaGraphConditionalHandle handle;  // expect: HP001
    CK(cudaGraphConditionalHandleCreate(&handle, graph, 1, cudaGraphCondAssignDefault));  // expect: HP001, HP001
    cudaGraphNodeParams cparams = {};
    cparams.type = cudaGraphNodeTypeConditional; cparams.conditional.handle = handle;  // expect: HP001
    cparams.conditional.type = cudaGraphCondTypeWhile;  // expect: HP001
    cparams.conditional.size = 1;
    cudaGraphNode_t loopNode;
    CK(cudaGraphAddNode(&loopNode, graph, nullptr, nullptr, 0, &cparams));  // expect: HP015
    cudaGraph_t body = cparams.conditional.phGraph_out[0];
    CK(cudaStreamBeginCaptureToGraph(stream, body, nullptr, nullptr, 0, cudaStreamCaptureModeGlobal));
    relax<<<blocks, threads, 0, stream>>>(x, b, n, flag);
    update_condition<<<1, 1, 0, stream>>>(flag, handle);
    CK(cudaStreamEndCapture(stream, &body));

    cudaGraphInstantiateParams ip = {};
    ip.flags = cudaGraphInstantiateFlagUpload; ip.uploadStream = stream;
    cudaGraphExec_t exec;
    CK(cudaGraphInstantiateWithParams(&exec, graph, &ip));
    if (ip.result_out != cudaGraphInstantiateSuccess) return 1;
    CK(cudaGraphUpload(exec, stream));
    CK(cudaGraphLaunch(exec, stream));
    CK(cudaStreamSynchronize(stream));

    // Make sure peer NICs see the final solution before signalling them.
    CK(cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice,  // expect: HP001, HP001
                                          cudaFlushGPUDirectRDMAWritesToOwner));  // expect: HP001
    cudaGraphExecDestroy(exec); cudaGraphDestroy(graph); cudaStreamDestroy(stream);
    cudaFree(x); cudaFree(b); cudaFree(flag);
    return 0;
}
