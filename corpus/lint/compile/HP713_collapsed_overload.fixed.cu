// hipify-plus-test: fails-before
// cuda-samples' helper_cuda.h after renaming: the runtime's and the driver's error-name overloads
// (cudaError_t, CUresult) both take a hipError_t.
#include <hip/hip_runtime.h>

#define CUDA_DRIVER_API

#ifdef HIP_INCLUDE_HIP_DRIVER_TYPES_H
static const char *_cudaGetErrorEnum(hipError_t error) {
  return hipGetErrorName(error);
}
#endif

#ifdef CUDA_DRIVER_API
// CUDA Driver API errors
#ifndef HIP_INCLUDE_HIP_DRIVER_TYPES_H
static const char *_cudaGetErrorEnum(hipError_t error) {  // expect: HP713
  static char unknown[] = "<unknown>";
  const char *ret = hipGetErrorString(error);
  return ret ? ret : unknown;
}
#endif
#endif

// one in each branch of a conditional: never both
#if defined(USE_DRIVER_NAMES)
static const char *streamName(hipStream_t stream) { return "driver"; }
#else
static const char *streamName(hipStream_t stream) { return "runtime"; }  // ok: HP713
#endif

// real overloads: the parameter types differ
static int code(hipError_t error) { return static_cast<int>(error); }
static int code(hipStreamCaptureStatus status) { return static_cast<int>(status); }  // ok: HP713

template <typename T>
void check(T result, const char *const func) {
  if (result) {
    fprintf(stderr, "error %d (%s) at %s\n", static_cast<int>(result), _cudaGetErrorEnum(result), func);
  }
}
