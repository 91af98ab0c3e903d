// hipify-plus-test: fails-before
// cuda-samples' version tests of CUDA 2.2 to 5.0 (simpleZeroCopy, threadFenceReduction): the
// branch for older toolkits is what an AMD build compiles, and it does not compile.
#include <hip/hip_runtime.h>
#include <cstdio>

bool runTest();

int run_or_explain()
{
#if CUDART_VERSION >= 2020  // expect: HP702
    return runTest() ? 0 : 1;
#else
    print_NVCC_min_spec("threadFenceReduction", "2.2", "Version 185");
    return 2;
#endif
}

#if CUDA_VERSION < 4000  // expect: HP702
#define MAP_FLAGS legacy_map_flags()
#else
#define MAP_FLAGS hipDeviceMapHost
#endif

int setup()
{
    return hipSetDeviceFlags(MAP_FLAGS) == hipSuccess;
}

#if CUDART_VERSION >= 11020  // expect: HP702
#define HAVE_ASYNC_ALLOC 1
#endif
