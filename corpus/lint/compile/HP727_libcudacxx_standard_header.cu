// hipify-plus-test: fails-before
// libcu++'s standard headers in device code: traits, limits and function objects passed to a
// kernel template, as a Thrust call takes its predicate.
#include <hip/hip_runtime.h>
#include <cuda/std/functional>  // expect: HP727
#include <cuda/std/limits>  // expect: HP727
#include <cuda/std/type_traits>  // expect: HP727

template <typename T>
__global__ void clamp_to_max(T *values, int n)
{
    static_assert(cuda::std::is_arithmetic<T>::value, "numbers only");  // expect: HP727
    const T top = cuda::std::numeric_limits<T>::max() / 2;  // expect: HP727
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        values[i] = cuda::std::plus<T>()(values[i], T(1)) > top ? top : values[i];  // expect: HP727
}

template <typename Predicate>
__global__ void keep_flagged(const unsigned int *flags, unsigned int *out, int n, Predicate keep)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && keep(flags[i]))
        out[i] = static_cast<unsigned int>(i);
}

void compact(const unsigned int *flags, unsigned int *out, int n)
{
    keep_flagged<<<(n + 63) / 64, 64>>>(flags, out, n, cuda::std::identity());  // expect: HP727
    clamp_to_max<<<(n + 63) / 64, 64>>>(out, n);
}
