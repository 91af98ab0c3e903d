// Row sums with cub::BlockReduce, then the total and the largest row sum
// with cub::DeviceReduce.
#include <cstdio>
#include <cuda_runtime.h>
#include <cub/cub.cuh>

template <int BLOCK_THREADS>
__global__ void row_sums(const float *__restrict__ m, int cols, float *__restrict__ sums)
{
    using BlockReduce = cub::BlockReduce<float, BLOCK_THREADS>;
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
    cudaMalloc(&d_m, sizeof(float) * rows * cols);
    cudaMalloc(&d_rows, sizeof(float) * rows);
    cudaMalloc(&d_total, sizeof(float));
    cudaMalloc(&d_max, sizeof(float));
    cudaMemset(d_m, 0, sizeof(float) * rows * cols);

    cudaStream_t stream;
    cudaStreamCreate(&stream);
    row_sums<256><<<rows, 256, 0, stream>>>(d_m, cols, d_rows);

    // First call only reports how much scratch space the reduction needs.
    void *d_temp = nullptr;
    size_t temp_bytes = 0;
    cub::DeviceReduce::Sum(d_temp, temp_bytes, d_rows, d_total, rows, stream);
    cudaMalloc(&d_temp, temp_bytes);
    cub::DeviceReduce::Sum(d_temp, temp_bytes, d_rows, d_total, rows, stream);

    // Reuse the scratch buffer for the max when it is big enough.
    size_t max_bytes = 0;
    cub::DeviceReduce::Max(nullptr, max_bytes, d_rows, d_max, rows, stream);
    if (max_bytes > temp_bytes) {
        cudaFree(d_temp);
        cudaMalloc(&d_temp, max_bytes);
        temp_bytes = max_bytes;
    }
    cub::DeviceReduce::Max(d_temp, temp_bytes, d_rows, d_max, rows, stream);

    float total = 0.0f, largest = 0.0f;
    cudaMemcpyAsync(&total, d_total, sizeof(float), cudaMemcpyDeviceToHost, stream);
    cudaMemcpyAsync(&largest, d_max, sizeof(float), cudaMemcpyDeviceToHost, stream);
    cudaStreamSynchronize(stream);
    printf("total %f, largest row sum %f\n", total, largest);

    cudaFree(d_temp); cudaFree(d_m); cudaFree(d_rows); cudaFree(d_total); cudaFree(d_max);
    cudaStreamDestroy(stream);
    return 0;
}
