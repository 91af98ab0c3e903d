// hipify-plus-test: fails-before
// llm.c's dev/cuda/common.h after renaming: a host template checks a reference with isfinite.
#include <hip/hip_runtime.h>
#include <cmath>
#include <cstdio>

template <class T>
int validate(const T *reference, const T *result, int n)
{
    int faults = 0;
    for (int i = 0; i < n; i++) {
        if (!std::isfinite(reference[i]))  // expect: HP719
            continue;
        if (std::isnan(result[i]) || std::isinf(result[i]) || std::signbit(result[i]) != std::signbit(reference[i]))  // expect: HP719 HP719 HP719 HP719
            faults++;
    }
    return faults;
}

int check(const float *a, const float *b, const double *c) { return validate(a, b, 4) + validate(c, c, 2); }

__host__ __device__ inline bool usable(float x) { return std::isfinite(x); }  // expect: HP719

__device__ float clean(float x) { return isnan(x) ? 0.0f : x; }  // ok: HP719

static bool isnormal_value(float x) { return std::isnormal(x); }  // ok: HP719

namespace mine {
inline int fpclassify(int v) { return v; }
int use(int v) { return fpclassify(v); }  // ok: HP719
}

int main() { return check(nullptr, nullptr, nullptr) + isnormal_value(1.0f) + mine::use(1); }
