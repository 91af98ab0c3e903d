// hipify-plus-test: rocm-version=6.3
// CUDA runtime calls that compile only through cuda_runtime.h's C++ overloads (or CUDA 12's
// signatures). From ROCm 6.3 hipHostAlloc is right and hipMallocPitch has its T** template.
#include <cstdio>
#include <hip/hip_runtime.h>

__global__ void scale(float* data, float factor, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] *= factor;
}

int main()
{
    const int n = 1 << 20;
    const size_t bytes = n * sizeof(float);
    hipStream_t stream;
    hipStreamCreateWithFlags(&stream, hipStreamNonBlocking);

    hipEvent_t start, stop;
    hipEventCreateWithFlags(&start, hipEventBlockingSync);
    hipEventCreateWithFlags(&stop, hipEventBlockingSync);

    float *pinned = nullptr, *mapped = nullptr;
    hipHostAlloc(&pinned, bytes, hipHostMallocPortable);
    hipHostAlloc((void**)&mapped, bytes, hipHostMallocMapped);
    float* mappedOnDevice = nullptr;
    hipHostGetDevicePointer(reinterpret_cast<void**>(&mappedOnDevice), mapped, 0);

    float* image = nullptr;
    size_t pitch = 0;
    hipMallocPitch(&image, &pitch, 640 * sizeof(float), 480);

    hipGraph_t graph;
    hipGraphExec_t exec;
    hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal);
    scale<<<n / 256, 256, 0, stream>>>(mappedOnDevice, 2.0f, n);
    hipStreamEndCapture(stream, &graph);
    hipGraphInstantiateWithFlags(&exec, graph, 0);

    hipEventRecord(start, stream);
    hipGraphLaunch(exec, stream);
    float factor = 0.5f;
    int count = n;
    void* args[] = {&mappedOnDevice, &factor, &count};
    hipLaunchCooperativeKernel((void*)scale, n / 256, 256, args, 0, 0);
    hipEventRecord(stop, stream);
    hipEventSynchronize(stop);
    float ms = 0.0f;
    hipEventElapsedTime(&ms, start, stop);
    printf("%.3f ms, first %f\n", ms, mapped[0] + pinned[0]);

    hipGraphExecDestroy(exec);
    hipGraphDestroy(graph);
    hipFree(image);
    hipHostFree(mapped);
    hipHostFree(pinned);
    hipEventDestroy(stop);
    hipEventDestroy(start);
    hipStreamDestroy(stream);
    return 0;
}
