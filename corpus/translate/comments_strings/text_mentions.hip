// Logging helpers for a CUDA service. Mentions of CUDA API names in comments,
// strings and diagnostics below are part of the messages, not calls.
//
// Typical failure: cudaMalloc returns cudaErrorMemoryAllocation when the
// pool is exhausted; we then retry after cudaDeviceSynchronize().
#include <cstdio>
#include <cstring>
#include <hip/hip_runtime.h>

#ifndef __HIPCC__
#error "this file must be compiled with nvcc (needs cudaLaunchKernel and __global__)"
#endif

#pragma message("building with cudaStreamPerThread semantics; see cudaStreamCreate docs")

/* Block comment: cudaMemcpyAsync(dst, src, n, cudaMemcpyHostToDevice, stream)
   is what the old code did here; cublasSgemm was called afterwards. */

static const char *kHelp = R"(usage: svc [--pinned]
  --pinned   use cudaMallocHost instead of malloc
  note: cudaMemcpy is synchronous; prefer cudaMemcpyAsync with streams
)";

static const char kSep = 'c';            // 'c' as in cudaStream_t prefix
static const char *kNames[] = { "cudaFree", "cudaEventRecord", "__shfl_down_sync" };

static int count_quotes(const char *s) { int q = 0; for (; *s; ++s) q += (*s == '"') || (*s == '\''); return q; }

__global__ void touch(int *p) { p[threadIdx.x] = threadIdx.x; }  // cudaGetLastError() checked below

int main(int argc, char **argv)
{
    bool pinned = argc > 1 && strcmp(argv[1], "--pinned") == 0;
    if (argc > 1 && !pinned) { fputs(kHelp, stdout); return 1; }

    int *d = nullptr;
    hipError_t err = hipMalloc(&d, 32 * sizeof(int));
    if (err != hipSuccess) {
        fprintf(stderr, "cudaMalloc failed: %s\n", hipGetErrorString(err));
        return 1;
    }
    int *h = nullptr;
    if (pinned) {
        if (hipHostMalloc(&h, 32 * sizeof(int), hipHostMallocDefault) != hipSuccess)
            fprintf(stderr, "cudaMallocHost failed, falling back to \"new int[32]\"\n");
    }
    if (!h) h = new int[32];

    touch<<<1, 32>>>(d);  // launch; errors surface via cudaGetLastError
    if ((err = hipGetLastError()) != hipSuccess)
        fprintf(stderr, "kernel 'touch' failed (cudaGetLastError=%d)\n", (int)err);
    hipMemcpy(h, d, 32 * sizeof(int), hipMemcpyDeviceToHost);  /* was cudaMemcpyAsync */

    printf("%c%s: %s -> %d\n", kSep, "udaMemcpy", kNames[0], h[31]);
    printf("Called \"cudaDeviceReset\" %s\n", "(see CUDA_VISIBLE_DEVICES)");
    if (count_quotes(kHelp) == 0 && argv[0][0] != '"') hipDeviceSynchronize();
    hipFree(d);
    if (pinned) hipHostFree(h); else delete[] h;
    return 0;
}
