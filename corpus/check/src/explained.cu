#include <cuda_runtime.h>
#include "util/scale.cuh"

int first_plane(cudaArray_t array) {
  cudaArray_t plane;
  cudaArrayGetPlane(&plane, array, 0);
  return plane != nullptr;
}
