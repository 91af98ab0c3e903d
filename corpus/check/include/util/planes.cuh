#pragma once
#include <cuda_runtime.h>

inline int has_plane(cudaArray_t array) {
  cudaArray_t plane;
  return cudaArrayGetPlane(&plane, array, 1) == cudaSuccess;
}
