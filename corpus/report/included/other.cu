#include <cublasLt.h>
#include "helpers.cuh"

int setup() {
    cublasLtHandle_t handle;
    cublasLtCreate(&handle);
    return twice(1);
}
