// CUDA's runtime takes kernels through `T*` templates; HIP takes `const void*`, so the renamed
// calls pass reinterpret_cast<const void*>(kernel). Convert writes the cast as HIPIFY does where
// the call compiles without it too: a `void*` kernel pointer, hipLaunchCooperativeKernel.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CHECK(call)                                                                     \
    do {                                                                                \
        cudaError_t err_ = (call);                                                      \
        if (err_ != cudaSuccess) {                                                      \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_)); \
            exit(1);                                                                    \
        }                                                                               \
    } while (0)

template <int BLOCK>
__global__ void blockSum(const float* in, float* out, int n)
{
    extern __shared__ float partial[];
    int i = blockIdx.x * BLOCK + threadIdx.x;
    partial[threadIdx.x] = i < n ? in[i] : 0.0f;
    __syncthreads();
    if (threadIdx.x == 0) {
        float s = 0.0f;
        for (int k = 0; k < BLOCK; ++k) s += partial[k];
        out[blockIdx.x] = s;
    }
}

__global__ void scale(float* data, float factor, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] *= factor;
}

int main()
{
    const int n = 1 << 16;
    float *in = nullptr, *out = nullptr;
    CHECK(cudaMalloc(&in, n * sizeof(float)));
    CHECK(cudaMalloc(&out, (n / 256) * sizeof(float)));

    CHECK(cudaFuncSetAttribute(blockSum<256>, cudaFuncAttributeMaxDynamicSharedMemorySize, 256 * sizeof(float)));
    CHECK(cudaFuncSetCacheConfig(scale, cudaFuncCachePreferL1));
    cudaFuncAttributes attributes;
    CHECK(cudaFuncGetAttributes(&attributes, blockSum<256>));
    printf("%d registers\n", attributes.numRegs);

    float factor = 0.5f;
    int count = n;
    void* args[] = {&in, &factor, &count};
    CHECK(cudaLaunchKernel(scale, dim3(n / 256), dim3(256), args, 0, 0));
    CHECK(cudaLaunchKernel((void*)scale, dim3(n / 256), dim3(256), args));
    void* kernel = (void*)scale;
    CHECK(cudaFuncSetCacheConfig(kernel, cudaFuncCachePreferShared));
    CHECK(cudaLaunchCooperativeKernel(scale, dim3(1), dim3(256), args, 0, 0));
    blockSum<256><<<n / 256, 256, 256 * sizeof(float)>>>(in, out, n);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaFree(out));
    CHECK(cudaFree(in));
    return 0;
}
