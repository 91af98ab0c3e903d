// hipify-plus-test: rocm-version=6.3
// CUDA runtime calls that compile only through cuda_runtime.h's C++ overloads (or CUDA 12's
// signatures). From ROCm 6.3 hipHostAlloc is right and hipMallocPitch has its T** template.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void scale(float* data, float factor, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] *= factor;
}

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    cudaStream_t stream;
    cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking);

    cudaEvent_t start, stop;
    cudaEventCreate(&start, cudaEventBlockingSync);
    cudaEventCreate(&stop, cudaEventBlockingSync);

    float *pinned = nullptr, *mapped = nullptr;
    cudaHostAlloc(&pinned, bytes, cudaHostAllocPortable);
    cudaHostAlloc((void**)&mapped, bytes, cudaHostAllocMapped);
    float* mappedOnDevice = nullptr;
    cudaHostGetDevicePointer(&mappedOnDevice, mapped, 0);

    float* image = nullptr;
    size_t pitch = 0;
    cudaMallocPitch(&image, &pitch, 640 * sizeof(float), 480);

    cudaGraph_t graph;
    cudaGraphExec_t exec;
    cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal);
    scale<<<n / 256, 256, 0, stream>>>(mappedOnDevice, 2.0f, n);
    cudaStreamEndCapture(stream, &graph);
    cudaGraphInstantiate(&exec, graph, 0);

    cudaEventRecord(start, stream);
    cudaGraphLaunch(exec, stream);
    float factor = 0.5f;
    int count = n;
    void* args[] = {&mappedOnDevice, &factor, &count};
    cudaLaunchCooperativeKernel((void*)scale, n / 256, 256, args);
    cudaEventRecord(stop, stream);
    cudaEventSynchronize(stop);
    float ms = 0.0f;
    cudaEventElapsedTime(&ms, start, stop);
    printf("%.3f ms, first %f\n", ms, mapped[0] + pinned[0]);

    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(graph);
    cudaFree(image);
    cudaFreeHost(mapped);
    cudaFreeHost(pinned);
    cudaEventDestroy(stop);
    cudaEventDestroy(start);
    cudaStreamDestroy(stream);
    return 0;
}
