// hipify-plus-test: rocm-version=5.7 fails-before
// Renamed CUDA calls that compiled only through CUDA's C++ overloads or CUDA 12's signatures.
#include <hip/hip_runtime.h>

__global__ void step(float* data, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] += 1.0f;
}

void setup(float** out, hipStream_t stream, size_t bytes)
{
    hipEvent_t start, stop;
    hipEventCreate(&start);  // ok: HP705
    hipEventCreateWithFlags(&stop, hipEventBlockingSync);  // expect: HP705
    hipEventCreateWithFlags(&start, hipEventDisableTiming);  // ok: HP705

    hipGraph_t graph;
    hipGraphExec_t exec;
    hipStreamBeginCapture(stream, hipStreamCaptureModeGlobal);
    hipStreamEndCapture(stream, &graph);
    hipGraphInstantiateWithFlags(&exec, graph, 0);  // expect: HP705
    hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0);  // ok: HP705

    float* pinned;
    void* raw;
    hipHostMalloc(&pinned, bytes, hipHostMallocMapped | hipHostMallocPortable);  // expect: HP705
    hipHostMalloc(&raw, bytes, hipHostMallocDefault);  // expect: HP705
    hipHostMalloc(&pinned, bytes, hipHostMallocWriteCombined);  // ok: HP705

    float* device;
    hipHostGetDevicePointer(reinterpret_cast<void**>(&device), pinned, 0);  // expect: HP705
    hipHostGetDevicePointer(&raw, pinned, 0);  // ok: HP705
    hipDeviceptr_t mappedAddress;
    hipHostGetDevicePointer(&mappedAddress, pinned, 0);  // ok: HP705
    hipHostGetDevicePointer((void**)out, pinned, 0);  // ok: HP705

    float* image;
    size_t pitch;
    hipMallocPitch(reinterpret_cast<void**>(&image), &pitch, 640 * sizeof(float), 480);  // expect: HP705
    hipMallocPitch(&raw, &pitch, 640, 480);  // ok: HP705
    hipMallocPitch(reinterpret_cast<void**>(out), &pitch, 640, 480);  // ok: HP705

    void* args[] = {out, &bytes};
    hipLaunchCooperativeKernel(step, dim3(8), dim3(256), args, 0, 0);  // expect: HP705
    hipLaunchCooperativeKernel(step, dim3(8), dim3(256), args, 0, 0);  // expect: HP705
    hipLaunchCooperativeKernel(step, dim3(8), dim3(256), args, 0, stream);  // ok: HP705

    // CUDA 13's cudaMemAdvise takes a location (cuda-samples' conjugateGradientMultiDeviceCG)
    hipMemLocation deviceLoc;
    deviceLoc.type = hipMemLocationTypeDevice;
    deviceLoc.id = 0;
    hipMemAdvise(image, pitch * 480, hipMemAdviseSetReadMostly, (deviceLoc.type == hipMemLocationTypeDevice ? deviceLoc.id : hipCpuDeviceId));  // expect: HP705
    hipMemAdvise(image, pitch * 480, hipMemAdviseSetPreferredLocation, 0);  // ok: HP705
}
