// Sort particle keys and compute summary statistics with Thrust.
#include <hip/hip_runtime.h>
#include <cstdio>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sequence.h>
#include <thrust/sort.h>
#include <thrust/reduce.h>
#include <thrust/transform_reduce.h>
#include <thrust/functional.h>
#include <thrust/execution_policy.h>

struct square {
    __host__ __device__ float operator()(float x) const { return x * x; }
};

__global__ void hash_positions(const float *x, unsigned int *keys, int n, float cell)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) keys[i] = static_cast<unsigned int>(x[i] / cell);
}

int main()
{
    const int n = 1 << 20;
    thrust::host_vector<float> h_x(n);
    for (int i = 0; i < n; ++i)
        h_x[i] = static_cast<float>((i * 7919) % n) / n;

    thrust::device_vector<float> d_x = h_x;
    thrust::device_vector<unsigned int> d_keys(n);
    thrust::device_vector<int> d_idx(n);
    thrust::sequence(d_idx.begin(), d_idx.end());

    hash_positions<<<(n + 255) / 256, 256>>>(thrust::raw_pointer_cast(d_x.data()),
                                             thrust::raw_pointer_cast(d_keys.data()), n, 1.0f / 64);

    // Bin particles by cell; carry the original index along.
    thrust::sort_by_key(d_keys.begin(), d_keys.end(), d_idx.begin());
    thrust::sort(thrust::device, d_x.begin(), d_x.end(), thrust::greater<float>());

    float sum = thrust::reduce(d_x.begin(), d_x.end(), 0.0f, thrust::plus<float>());
    float maxv = thrust::reduce(d_x.begin(), d_x.end(), -1.0f, thrust::maximum<float>());
    float sumsq = thrust::transform_reduce(d_x.begin(), d_x.end(), square(), 0.0f,
                                           thrust::plus<float>());
    unsigned int first_key = d_keys[0];
    printf("sum %f max %f rms %f first cell %u\n", sum, maxv, sqrtf(sumsq / n), first_key);
    return 0;
}
