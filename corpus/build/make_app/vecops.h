// Host-side API of the vecops kernels: plain C++ so main.cpp needs no GPU headers.
#pragma once
#include <cstddef>

// y <- a*x + y on the device; returns 0 on success.
int vec_saxpy(float a, const float* x, float* y, std::size_t n);
// Sum of x on the device.
float vec_sum(const float* x, std::size_t n);
