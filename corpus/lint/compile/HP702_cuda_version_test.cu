// hipify-plus-test: compile=no
// CUDA version tests in code that is already HIP: which branch does an AMD build compile?
#include <hip/hip_runtime.h>
#include <cstdio>

#if CUDART_VERSION >= 11020  // expect: HP702
#define HAVE_ASYNC_ALLOC 1
#else
#define HAVE_ASYNC_ALLOC 0
#endif

#if CUDA_VERSION < 12000  // expect: HP702
#define OLD_GRAPH_API 1
#endif

#if defined(__CUDACC_VER_MAJOR__) && __CUDACC_VER_MAJOR__ >= 12  // expect: HP702
#define NEW_NVCC 1
#elif defined(__HIP_PLATFORM_AMD__)
#define NEW_NVCC 0
#endif

#if CUDART_VERSION >= 11000 || defined(__HIP_PLATFORM_AMD__)  // ok: HP702
#define HAVE_COOPERATIVE 1
#endif

#if CUDA_VERSION >= 11000 && defined(USE_BIG_TILES)  // expect: HP702
#define TILE 64
#endif

#ifdef __HIP_PLATFORM_NVIDIA__
#if CUDART_VERSION >= 11000  // ok: HP702
#define NVIDIA_ONLY 1
#endif
#endif

#if HIP_VERSION >= 50200000  // ok: HP702
#define HIP_52 1
#endif

#ifndef CUSTOM_VERSION
#define CUSTOM_VERSION 3
#endif
#if CUSTOM_VERSION > 2  // ok: HP702
#define NEWER 1
#endif

void print_versions()
{
    printf("runtime %d\n", CUDART_VERSION);  // expect: HP702
    printf("hip %d\n", HIP_VERSION);  // ok: HP702
}
