#pragma once
// A header gets the runtime only when it uses it; then, after #pragma once, as HIPIFY places it.
#include <cstddef>

inline void copy_back(float *host, const float *device, size_t n)
{
    cudaMemcpy(host, device, n * sizeof(float), cudaMemcpyDeviceToHost);
}
