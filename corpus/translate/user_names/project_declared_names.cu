// The project's own variables, fields, parameters and prototypes may look like CUDA names:
// none of them gets HP006. A CUDA API no table knows still does.
#include <cstdio>
#include <cuda_runtime.h>
#include "project_api.h"

// Declared here, defined in another translation unit of the project.
extern "C" void cudaInitDevices(int argc, char **argv);
extern int cudaDeviceOrdinal;

// The project's own function template and its specialisations.
template <typename T> T cuGet(double x);
template <> float cuGet<float>(double x) { return float(x); }
template <> double cuGet<double>(double x) { return x; }

struct Engine {
    void *cudnnHandle = nullptr;     // handles of the project's own wrapper types
    void *cublasHandle = nullptr;
    cudaStream_t cudaMainStream, cudaCopyStream;

    void attach(void *handle) { cudnnHandle = handle; cublasHandle = handle; }
    bool ready() const { return cudnnHandle != nullptr && cublasHandle != nullptr; }
    void create()
    {
        cudaStreamCreate(&cudaMainStream);
        cudaStreamCreate(&cudaCopyStream);
        cudaImportBuffers();  // a member function defined further down the class
    }
    void cudaImportBuffers() { attach(cudnnHandle); }
};

static void report(const Engine &engine, void *cudnnWorkspace, size_t cudnnWorkspaceBytes)
{
    printf("ready %d, workspace %p (%zu bytes)\n", engine.ready(), cudnnWorkspace, cudnnWorkspaceBytes);
}

// A macro whose parameter looks like CUDA: the parameter is the macro's own name.
#define PROJECT_DEVICE_INIT(cuDevice) do { cuDevice = 0; } while (0)

// An unknown CUDA API (a conditional graph node) in a macro the project never expands.
#define PROJECT_SET_CONDITION(handle) cudaGraphSetConditional(handle, 1)  // expect: HP006

int main(int argc, char **argv)
{
    cudaInitDevices(argc, argv);
    int device = -1;
    PROJECT_DEVICE_INIT(device);
    Engine engine;
    engine.create();
    float cuScale = cuGet<float>(0.5), cuBias = cuGet<float>(0.25);
    void *cudnnWorkspace = nullptr;
    size_t cudnnWorkspaceBytes = 1 << 20;
    cudaMalloc(&cudnnWorkspace, cudnnWorkspaceBytes);
    engine.attach(cudnnWorkspace);
    report(engine, cudnnWorkspace, cudnnWorkspaceBytes);
    printf("%f %f %d\n", cuScale, cuBias, cudaDeviceOrdinal);
    float *pinned = nullptr;
    if (cudaProjectAllocPinned(&pinned, 256) == 0) cudaProjectRelease(pinned);
    cudaFree(cudnnWorkspace);
    return 0;
}
