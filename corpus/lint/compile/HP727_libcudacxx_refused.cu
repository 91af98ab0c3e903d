// hipify-plus-test: compile=no
// libcu++ names the rewrite leaves: host functions before C++20, identity as a type, and a file
// that also includes a libcu++ header with no standard counterpart here.
#include <hip/hip_runtime.h>
#include <cuda/std/utility>  // expect: HP727

__device__ void order(int &a, int &b)
{
    if (a > b)
        cuda::std::swap(a, b);  // expect: HP727
}

template <typename F = cuda::std::identity>  // expect: HP727
__device__ int apply(F f, int x) { return f(x); }

namespace project { namespace cuda { namespace std { struct tag {}; } } }
project::cuda::std::tag keep;  // ok: HP727
