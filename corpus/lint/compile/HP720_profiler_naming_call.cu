// hipify-plus-test: fails-before
// llm.c's train_gpt2.cu after renaming: the main stream is named for NVIDIA's profilers.
#include <hip/hip_runtime.h>

static hipStream_t main_stream;

// the project's own naming helper, which it defines for both platforms
static void nvtxNameCudaStreamW(hipStream_t, const wchar_t*) {}

int setup(hipEvent_t done)
{
    if (hipStreamCreate(&main_stream) != hipSuccess) return 1;
    nvtxNameCudaStreamA(main_stream, "main stream");  // expect: HP720
    nvtxNameCudaEventA(done, "done");  // expect: HP720
    nvtxNameCudaStreamW(main_stream, L"main");  // ok: HP720
    return 0;
}
