// Row sums with cub::BlockReduce, then the total and the largest row sum
// with cub::DeviceReduce.
#include <cstdio>
#include <hip/hip_runtime.h>
#include <hipcub/hipcub.hpp>

template <int BLOCK_THREADS>
__global__ void row_sums(const float *__restrict__ m, int cols, float *__restrict__ sums)
{
    using BlockReduce = hipcub::BlockReduce<float, BLOCK_THREADS>;
    __shared__ typename BlockReduce::TempStorage temp;

    const float *row = m + (size_t)blockIdx.x * cols;
    float partial = 0.0f;
    for (int c = threadIdx.x; c < cols; c += BLOCK_THREADS)
        partial += row[c];
    float total = BlockReduce(temp).Sum(partial);
    if (threadIdx.x == 0)
        sums[blockIdx.x] = total;
}

int main()
{
    const int rows = 4096, cols = 2048;
    float *d_m, *d_rows, *d_total, *d_max;
    hipMalloc(&d_m, sizeof(float) * rows * cols);
    hipMalloc(&d_rows, sizeof(float) * rows);
    hipMalloc(&d_total, sizeof(float));
    hipMalloc(&d_max, sizeof(float));
    hipMemset(d_m, 0, sizeof(float) * rows * cols);

    hipStream_t stream;
    hipStreamCreate(&stream);
    row_sums<256><<<rows, 256, 0, stream>>>(d_m, cols, d_rows);

    // First call only reports how much scratch space the reduction needs.
    void *d_temp = nullptr;
    size_t temp_bytes = 0;
    hipcub::DeviceReduce::Sum(d_temp, temp_bytes, d_rows, d_total, rows, stream);
    hipMalloc(&d_temp, temp_bytes);
    hipcub::DeviceReduce::Sum(d_temp, temp_bytes, d_rows, d_total, rows, stream);

    // Reuse the scratch buffer for the max when it is big enough.
    size_t max_bytes = 0;
    hipcub::DeviceReduce::Max(nullptr, max_bytes, d_rows, d_max, rows, stream);
    if (max_bytes > temp_bytes) {
        hipFree(d_temp);
        hipMalloc(&d_temp, max_bytes);
        temp_bytes = max_bytes;
    }
    hipcub::DeviceReduce::Max(d_temp, temp_bytes, d_rows, d_max, rows, stream);

    float total = 0.0f, largest = 0.0f;
    hipMemcpyAsync(&total, d_total, sizeof(float), hipMemcpyDeviceToHost, stream);
    hipMemcpyAsync(&largest, d_max, sizeof(float), hipMemcpyDeviceToHost, stream);
    hipStreamSynchronize(stream);
    printf("total %f, largest row sum %f\n", total, largest);

    hipFree(d_temp); hipFree(d_m); hipFree(d_rows); hipFree(d_total); hipFree(d_max);
    hipStreamDestroy(stream);
    return 0;
}
