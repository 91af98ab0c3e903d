// hipify-plus-test: rocm-version=5.7
// cuda-samples' helper_cuda.h: one error-name overload per library, under the library's include
// guard. cudaError_t and CUresult both become hipError_t (HP713), the guards become HIP's (HP701),
// and calls leaning on CUDA's default arguments get them (HP705).
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>

#define CUDA_DRIVER_API

#ifdef __DRIVER_TYPES_H__
static const char *_cudaGetErrorEnum(cudaError_t error) {
  return cudaGetErrorName(error);
}
#endif

#ifdef CUDA_DRIVER_API
// CUDA Driver API errors
static const char *_cudaGetErrorEnum(CUresult error) {
  static char unknown[] = "<unknown>";
  const char *ret = NULL;
  cuGetErrorName(error, &ret);
  return ret ? ret : unknown;
}
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

void make_volume(cudaExtent extent, cudaStream_t first, cudaStream_t second, cudaEvent_t done)
{
  cudaArray_t volume;
  cudaChannelFormatDesc desc = cudaCreateChannelDesc<float>();
  checkCudaErrors(cudaMalloc3DArray(&volume, &desc, extent));
  checkCudaErrors(cudaEventRecord(done, first));
  checkCudaErrors(cudaStreamWaitEvent(second, done));
}
