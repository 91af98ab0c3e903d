// hipify-plus-test: rocm-version=5.7 fails-before
// Renamed calls that leave out an argument CUDA's runtime header declares with a default and HIP's
// does not (cuda-samples' simpleTexture3D, volumeRender, streamOrderedAllocationP2P).
#include <hip/hip_runtime.h>

void volume(hipExtent extent, hipStream_t first, hipStream_t second, hipEvent_t done)
{
    hipArray_t volumeArray;
    hipChannelFormatDesc desc = hipCreateChannelDesc<float>();
    hipMalloc3DArray(&volumeArray, &desc, extent);  // expect: HP705
    hipMalloc3DArray(&volumeArray, &desc, extent, hipArrayDefault);  // ok: HP705

    hipEventRecord(done, first);
    hipStreamWaitEvent(second, done);  // expect: HP705
    hipStreamWaitEvent(second, done, 0);  // ok: HP705

    hipGraph_t graph;
    hipGraphExec_t exec;
    hipStreamCaptureStatus status;
    hipStreamGetCaptureInfo(first, &status);  // expect: HP705
    hipStreamBeginCapture(first, hipStreamCaptureModeGlobal);
    hipStreamEndCapture(first, &graph);
    hipGraphInstantiateWithFlags(&exec, graph);  // expect: HP705
    hipGraphInstantiateWithFlags(&exec, graph, 0);  // ok: HP705
}

void semaphores(hipExternalSemaphore_t* semaphore, const hipExternalSemaphoreSignalParams* signal,
                const hipExternalSemaphoreWaitParams* wait)
{
    hipSignalExternalSemaphoresAsync(semaphore, signal, 1);  // expect: HP705
    hipWaitExternalSemaphoresAsync(semaphore, wait, 1);  // expect: HP705
}
