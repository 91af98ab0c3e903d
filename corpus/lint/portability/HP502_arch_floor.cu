// Architecture comparisons that every GPU a current CUDA toolkit targets answers the same way:
// Fermi-era (sm_20) tests for shared-memory size and bank count.
#include <cuda_runtime.h>

#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ >= 200)  // expect: HP502
const int kSharedBytes = 48 * 1024;
#else
const int kSharedBytes = 16 * 1024;
#endif

#if __CUDA_ARCH__ < 200  // expect: HP502
#define LEGACY_OR_HOST 1
#endif

template <int Width>
struct Padded {
    enum {
#ifdef __CUDA_ARCH__  // expect: HP502
        BANKS = ((__CUDA_ARCH__ >= 200) ? 32 : 16),  // HP502 once the guard above is fixed
#else
        BANKS = 16,
#endif
        PAD = BANKS - (Width % BANKS),
    };
};

__global__ void fill(float* out)
{
    __shared__ float tile[Padded<48>::PAD + 48];
    tile[threadIdx.x % 48] = 1.0f;
    __syncthreads();
    out[threadIdx.x] = tile[(threadIdx.x + 1) % 48] * kSharedBytes;
}

__device__ int newer_path()
{
#if __CUDA_ARCH__ >= 700  // expect: HP502
    return 1;
#else
    return 0;
#endif
}
