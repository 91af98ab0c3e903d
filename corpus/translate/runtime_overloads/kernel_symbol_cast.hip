// CUDA's runtime takes kernels through `T*` templates; HIP takes `const void*`, so the renamed
// calls pass reinterpret_cast<const void*>(kernel). Convert writes the cast as HIPIFY does where
// the call compiles without it too: a `void*` kernel pointer, hipLaunchCooperativeKernel.
#include <cstdio>
#include <cstdlib>
#include <hip/hip_runtime.h>

#define CHECK(call)                                                                     \
    do {                                                                                \
        hipError_t err_ = (call);                                                      \
        if (err_ != hipSuccess) {                                                      \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, hipGetErrorString(err_)); \
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
    CHECK(hipMalloc(&in, n * sizeof(float)));
    CHECK(hipMalloc(&out, (n / 256) * sizeof(float)));

    CHECK(hipFuncSetAttribute(reinterpret_cast<const void*>(blockSum<256>), hipFuncAttributeMaxDynamicSharedMemorySize, 256 * sizeof(float)));
    CHECK(hipFuncSetCacheConfig(reinterpret_cast<const void*>(scale), hipFuncCachePreferL1));
    hipFuncAttributes attributes;
    CHECK(hipFuncGetAttributes(&attributes, reinterpret_cast<const void*>(blockSum<256>)));
    printf("%d registers\n", attributes.numRegs);

    float factor = 0.5f;
    int count = n;
    void* args[] = {&in, &factor, &count};
    CHECK(hipLaunchKernel(reinterpret_cast<const void*>(scale), dim3(n / 256), dim3(256), args, 0, 0));
    CHECK(hipLaunchKernel((void*)scale, dim3(n / 256), dim3(256), args));
    void* kernel = (void*)scale;
    CHECK(hipFuncSetCacheConfig(reinterpret_cast<const void*>(kernel), hipFuncCachePreferShared));
    CHECK(hipLaunchCooperativeKernel(reinterpret_cast<const void*>(scale), dim3(1), dim3(256), args, 0, 0));
    blockSum<256><<<n / 256, 256, 256 * sizeof(float)>>>(in, out, n);
    CHECK(hipDeviceSynchronize());
    CHECK(hipFree(out));
    CHECK(hipFree(in));
    return 0;
}
