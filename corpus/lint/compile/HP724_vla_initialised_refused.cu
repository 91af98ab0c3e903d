// hipify-plus-test: compile=no
// Variable-length arrays the rewrite leaves as they are: a non-zero initialiser, two variables in
// one declaration, device code.
#include <hip/hip_runtime.h>

void host_side(int n)
{
    int ones[n] = {1, 1};  // expect: HP724
    int a[n] = {0}, b = 2;  // expect: HP724
    a[0] = ones[0] + b;
}

__device__ void device_side(int n, float *out)
{
    float scratch[n] = {0};  // expect: HP724
    out[0] = scratch[0];
}
