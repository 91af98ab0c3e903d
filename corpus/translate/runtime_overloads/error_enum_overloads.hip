// hipify-plus-test: rocm-version=5.7
// cuda-samples' helper_cuda.h: one error-name overload per library, under the library's include
// guard. cudaError_t and CUresult both become hipError_t (HP713), the guards become HIP's (HP701),
// and calls leaning on CUDA's default arguments get them (HP705).
#include <hip/hip_runtime.h>
#include <cstdio>

#define CUDA_DRIVER_API

#ifdef HIP_INCLUDE_HIP_DRIVER_TYPES_H
static const char *_cudaGetErrorEnum(hipError_t error) {
  return hipGetErrorName(error);
}
#endif

#ifdef CUDA_DRIVER_API
// CUDA Driver API errors
#ifndef HIP_INCLUDE_HIP_DRIVER_TYPES_H
static const char *_cudaGetErrorEnum(hipError_t error) {
  static char unknown[] = "<unknown>";
  const char *ret = NULL;
  hipDrvGetErrorName(error, &ret);
  return ret ? ret : unknown;
}
#endif
#endif

template <typename T>
void check(T result, char const *const func, const char *const file, int const line) {
  if (result) {
    fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\" \n", file, line,
            static_cast<unsigned int>(result), _cudaGetErrorEnum(result), func);
    exit(EXIT_FAILURE);
  }
}
#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)

void make_volume(hipExtent extent, hipStream_t first, hipStream_t second, hipEvent_t done)
{
  hipArray_t volume;
  hipChannelFormatDesc desc = hipCreateChannelDesc<float>();
  checkCudaErrors(hipMalloc3DArray(&volume, &desc, extent, 0));
  checkCudaErrors(hipEventRecord(done, first));
  checkCudaErrors(hipStreamWaitEvent(second, done, 0));
}
