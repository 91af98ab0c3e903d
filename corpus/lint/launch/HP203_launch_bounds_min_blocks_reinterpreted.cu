// hipify-plus-test: unsafe-fixes
// Occupancy hints tuned on NVIDIA: min resident blocks per SM.
#include <hip/hip_runtime.h>

#define THREADS 128
#define MIN_BLOCKS 4

__global__ void __launch_bounds__(64, 8) small_tiles(float* x)  // expect: HP203
{
    x[blockIdx.x * 64 + threadIdx.x] *= 2.0f;
}

__global__ void __launch_bounds__(THREADS, MIN_BLOCKS) medium_tiles(float* x)  // expect: HP203
{
    x[blockIdx.x * THREADS + threadIdx.x] += 1.0f;
}

__global__ void __launch_bounds__(256, 2) resident_pair(float* x)  // ok: HP203
{
    x[blockIdx.x * 256 + threadIdx.x] -= 1.0f;
}

__global__ void __launch_bounds__(1024, 1) one_big_block(float* x)  // ok: HP203
{
    x[threadIdx.x] = 0.0f;
}

template <int BLOCK, int MIN_RESIDENT>
__global__ void __launch_bounds__(BLOCK, MIN_RESIDENT) generic_tiles(float* x)  // expect: HP203
{
    x[blockIdx.x * BLOCK + threadIdx.x] = 1.0f;
}

#ifdef USE_HIP
#define GEMM_MIN_BLOCKS 1
#else
#define GEMM_MIN_BLOCKS 3
#endif
__global__ void __launch_bounds__(128, GEMM_MIN_BLOCKS) gemm_tile(float* c)  // ok: HP203
{
    c[threadIdx.x] = 0.0f;
}

#if defined(__HIP_PLATFORM_AMD__)
#define HP_MIN_BLOCKS_ported 6
#else
#define HP_MIN_BLOCKS_ported 6
#endif
__global__ void __launch_bounds__(64, HP_MIN_BLOCKS_ported) ported(float* x)  // expect: HP203
{
    x[threadIdx.x] = 3.0f;
}

// One block per SM asks for one wave per SIMD on AMD: neither is a constraint, whatever the
// block size (here a template argument).
template <int D>
__global__ void __launch_bounds__(D, 1) attention_tile(float* x)  // ok: HP203
{
    x[blockIdx.x * D + threadIdx.x] = 0.0f;
}

template <int D>
__global__ void __launch_bounds__(D, 2) attention_pair(float* x)  // expect: HP203
{
    x[blockIdx.x * D + threadIdx.x] = 0.0f;
}

// A value picked per NVIDIA architecture: hip-clang defines no __CUDA_ARCH__, so an AMD build
// compiles the #else and reads 1.
#if __CUDA_ARCH__ == 800 || __CUDA_ARCH__ >= 900
#define RESIDENT_BLOCKS 2
#else
#define RESIDENT_BLOCKS 1
#endif

__global__ void __launch_bounds__(1024, RESIDENT_BLOCKS) classifier(float* x)  // ok: HP203 (1 on AMD)
{
    x[blockIdx.x * 1024 + threadIdx.x] = 4.0f;
}

// The second argument comes from a function that picks it per platform: the AMD value is
// already in waves per SIMD.
constexpr int resident_waves(int threads)
{
#if defined(__HIP_PLATFORM_AMD__)
    return threads <= 256 ? 2 : 1;
#else
    return 2048 / threads;
#endif
}

template <int T>
__global__ void __launch_bounds__(T, resident_waves(T)) tuned(float* x)  // ok: HP203 (chosen per platform)
{
    x[blockIdx.x * T + threadIdx.x] = 5.0f;
}

// Two blocks of two waves are one wave per SIMD; HIP's two waves per SIMD still leave 256 VGPRs.
__global__ void __launch_bounds__(128, 2) rows_pair(float* x)  // ok: HP203 (the cap stays at 256 VGPRs)
{
    x[blockIdx.x * 128 + threadIdx.x] = 6.0f;
}
