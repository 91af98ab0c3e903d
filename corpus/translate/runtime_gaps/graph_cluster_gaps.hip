// Jacobi-style relaxation driven by a device-side while loop in a CUDA graph,
// launched with thread-block clusters on Hopper-class GPUs.
#include <cstdio>
#include <hip/hip_runtime.h>

#define CK(x) do { hipError_t e = (x); if (e != hipSuccess) { \
    printf("%s failed: %s\n", #x, hipGetErrorString(e)); return 1; } } while (0)

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
    CK(hipMalloc(&x, n * sizeof(float))); CK(hipMemset(x, 0, n * sizeof(float)));
    CK(hipMalloc(&b, n * sizeof(float))); CK(hipMemset(b, 0, n * sizeof(float)));
    CK(hipMalloc(&flag, sizeof(int))); CK(hipMemset(flag, 0, sizeof(int)));
    hipStream_t stream;
    CK(hipStreamCreate(&stream));

    // Ask how large a cluster the kernel can use, then launch once with clusters.
    hipLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(blocks); cfg.blockDim = dim3(threads); cfg.stream = stream;
    hipLaunchAttribute attr[1];
    attr[0].id = hipLaunchAttributeClusterDimension;  // expect: HP004
    attr[0].val.clusterDim.x = 2; attr[0].val.clusterDim.y = 1; attr[0].val.clusterDim.z = 1;
    cfg.attrs = attr; cfg.numAttrs = 1;
    int maxCluster = 0, nn = n;
    CK(hipOccupancyMaxPotentialClusterSize(&maxCluster, (void *)relax, &cfg));  // expect: HP004
    printf("max cluster size: %d\n", maxCluster);
    void *args[] = { &x, &b, &nn, &flag };
    CK(hipLaunchKernelExC(&cfg, (const void *)relax, args));

    // while (not_converged) { relax; update_condition; }
    hipGraph_t graph;
    CK(hipGraphCreate(&graph, 0));
    cudaGraphConditionalHandle handle;  // expect: HP001
    CK(cudaGraphConditionalHandleCreate(&handle, graph, 1, cudaGraphCondAssignDefault));  // expect: HP001, HP001
    hipGraphNodeParams cparams = {};
    cparams.type = cudaGraphNodeTypeConditional; cparams.conditional.handle = handle;  // expect: HP001
    cparams.conditional.type = cudaGraphCondTypeWhile;  // expect: HP001
    cparams.conditional.size = 1;
    hipGraphNode_t loopNode;
    CK(cudaGraphAddNode(&loopNode, graph, nullptr, nullptr, 0, &cparams));  // expect: HP015
    hipGraph_t body = cparams.conditional.phGraph_out[0];
    CK(hipStreamBeginCaptureToGraph(stream, body, nullptr, nullptr, 0, hipStreamCaptureModeGlobal));
    relax<<<blocks, threads, 0, stream>>>(x, b, n, flag);
    update_condition<<<1, 1, 0, stream>>>(flag, handle);
    CK(hipStreamEndCapture(stream, &body));

    hipGraphInstantiateParams ip = {};
    ip.flags = hipGraphInstantiateFlagUpload; ip.uploadStream = stream;
    hipGraphExec_t exec;
    CK(hipGraphInstantiateWithParams(&exec, graph, &ip));
    if (ip.result_out != hipGraphInstantiateSuccess) return 1;
    CK(hipGraphUpload(exec, stream));
    CK(hipGraphLaunch(exec, stream));
    CK(hipStreamSynchronize(stream));

    // Make sure peer NICs see the final solution before signalling them.
    CK(cudaDeviceFlushGPUDirectRDMAWrites(cudaFlushGPUDirectRDMAWritesTargetCurrentDevice,  // expect: HP001, HP001
                                          cudaFlushGPUDirectRDMAWritesToOwner));  // expect: HP001
    hipGraphExecDestroy(exec); hipGraphDestroy(graph); hipStreamDestroy(stream);
    hipFree(x); hipFree(b); hipFree(flag);
    return 0;
}
