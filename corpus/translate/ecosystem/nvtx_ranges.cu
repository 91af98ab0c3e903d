// Annotate the phases of a solver iteration so they show up in Nsight Systems.
#include <cstdio>
#include <cstdint>
#include <cuda_runtime.h>
#include <nvToolsExt.h>

__global__ void jacobi_step(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i > 0 && i < n - 1) out[i] = 0.5f * (in[i - 1] + in[i + 1]);
}

static void push_colored(const char *name, uint32_t argb)
{
    nvtxEventAttributes_t attr = {};  // expect: HP001
    attr.version = NVTX_VERSION;  // expect: HP006
    attr.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;  // expect: HP006
    attr.colorType = NVTX_COLOR_ARGB;  // expect: HP006
    attr.color = argb;
    attr.messageType = NVTX_MESSAGE_TYPE_ASCII;  // expect: HP006
    attr.message.ascii = name;
    nvtxRangePushEx(&attr);  // expect: HP001
}

int main()
{
    const int n = 1 << 22, iters = 100;
    nvtxNameOsThreadA(0, "solver-main");  // roctx names no threads: convert drops the call (HP720)

    nvtxRangePushA("setup");
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    cudaMemset(a, 0, n * sizeof(float));
    cudaMemset(b, 0, n * sizeof(float));
    nvtxRangePop();

    nvtxRangeId_t total = nvtxRangeStartA("all iterations");
    for (int it = 0; it < iters; ++it) {
        push_colored("jacobi", 0xff76b900);
        jacobi_step<<<(n + 255) / 256, 256>>>(a, b, n);
        float *t = a; a = b; b = t;
        nvtxRangePop();
        if (it % 10 == 0) {
            char label[32];
            snprintf(label, sizeof(label), "checkpoint %d", it);
            nvtxMarkA(label);
        }
    }
    cudaDeviceSynchronize();
    nvtxRangeEnd(total);

    nvtxRangePushA("teardown");
    cudaFree(a);
    cudaFree(b);
    nvtxRangePop();
    printf("done\n");
    return 0;
}
