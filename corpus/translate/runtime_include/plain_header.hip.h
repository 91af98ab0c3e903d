// A C++ header without CUDA names gets no HIP include.
#pragma once
#include <vector>

inline std::vector<float> ramp(int n)
{
    std::vector<float> v(n);
    for (int i = 0; i < n; ++i) v[i] = float(i);
    return v;
}
