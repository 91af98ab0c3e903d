// hipify-plus-test: fails-before
// Launches as clang-format writes them for a CUDA file it does not know is CUDA.
#include <hip/hip_runtime.h>
#include <iostream>

template <typename T>
__global__ void scale(T* data, T factor, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] *= factor;
}

template <typename T>
std::ostream& operator<<(std::ostream& os, const T& value);

void run(float* d, int n, hipStream_t stream)
{
    int threads = 256;
    int blocks = (n + threads - 1) / threads;
    scale<<<blocks, threads>>>(d, 2.0f, n);  // expect: HP703
    scale<float><<<blocks, threads, 0, stream>>>(d, 0.5f, n);  // expect: HP703
    scale<<<dim3(blocks), dim3(threads)>>>(d, 1.0f, n);  // expect: HP703
    scale<<<blocks, threads>>>(d, 3.0f, n);  // ok: HP703
    int shifted = n << 2;  // ok: HP703
    bool small = (n >> 1) > threads;  // ok: HP703
    std::cout << shifted << small;  // ok: HP703
    operator<< <int>(std::cout, n);  // ok: HP703
    // a comment that mentions k << <g, b >> >(x) stays as it is  // ok: HP703
    const char* text = "k << <g, b >> >(x)";  // ok: HP703
    (void)text;
}
