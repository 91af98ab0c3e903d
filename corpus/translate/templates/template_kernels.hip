// Generic reductions and elementwise ops instantiated for several types.
#include <cstdio>
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>

template <typename T> struct Accum { using type = T; };
template <> struct Accum<__half> { using type = float; };

template <typename T, int BLOCK>
__global__ void block_sum(const T *__restrict__ in, typename Accum<T>::type *__restrict__ out, int n)
{
    using A = typename Accum<T>::type;
    __shared__ A smem[BLOCK];
    A v = A(0);
    for (int i = blockIdx.x * BLOCK + threadIdx.x; i < n; i += BLOCK * gridDim.x)
        v += static_cast<A>(in[i]);
    smem[threadIdx.x] = v;
    __syncthreads();
#pragma unroll
    for (int s = BLOCK / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) smem[threadIdx.x] += smem[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) out[blockIdx.x] = smem[0];
}

template <typename T, typename Op>
__global__ void transform(const T *in, T *out, int n, Op op)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = op(in[i]);
}

struct Relu {
    template <typename T> __device__ T operator()(T x) const { return x > T(0) ? x : T(0); }
};

// Explicit instantiations used by other translation units.
template __global__ void block_sum<float, 256>(const float *, float *, int);
template __global__ void block_sum<double, 128>(const double *, double *, int);
template __global__ void transform<float, Relu>(const float *, float *, int, Relu);

template <typename T, int BLOCK = 256>
hipError_t reduce_partial(const T *in, typename Accum<T>::type *partial, int n, hipStream_t s)
{
    int grid = (n + BLOCK - 1) / BLOCK;
    if (grid > 1024) grid = 1024;
    block_sum<T, BLOCK><<<grid, BLOCK, 0, s>>>(in, partial, n);
    return hipGetLastError();
}

template <typename T>
void relu_inplace(T *data, int n, hipStream_t s)
{
    transform<T, Relu><<<(n + 255) / 256, 256, 0, s>>>(data, data, n, Relu{});
}

int main()
{
    const int n = 1 << 20;
    float *f, *fp;
    __half *h;
    hipMalloc(&f, n * sizeof(float));
    hipMalloc(&fp, 1024 * sizeof(float));
    hipMalloc(&h, n * sizeof(__half));
    hipMemset(f, 0, n * sizeof(float));
    hipMemset(h, 0, n * sizeof(__half));
    hipStream_t s;
    hipStreamCreate(&s);
    relu_inplace(f, n, s);
    hipError_t e1 = reduce_partial(f, fp, n, s);
    hipError_t e2 = reduce_partial<__half, 512>(h, fp, n, s);
    hipStreamSynchronize(s);
    printf("%s %s\n", hipGetErrorString(e1), hipGetErrorString(e2));
    hipStreamDestroy(s);
    hipFree(f); hipFree(fp); hipFree(h);
    return 0;
}
