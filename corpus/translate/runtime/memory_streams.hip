// Pipelined vector scaling: split a large host buffer into chunks and
// overlap H2D copies, the kernel and D2H copies across several streams.
#include <cstdio>
#include <cstdlib>
#include <hip/hip_runtime.h>

static void check(hipError_t err, const char *what)
{
    if (err != hipSuccess) {
        fprintf(stderr, "%s: %s\n", what, hipGetErrorString(err));
        exit(EXIT_FAILURE);
    }
}

__global__ void scale_add(float *y, const float *x, float a, float b, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i] + b;
}

int main()
{
    const int n = 1 << 24;
    const int nstreams = 4;
    const int chunk = n / nstreams;
    const size_t bytes = n * sizeof(float);

    float *h_in = nullptr, *h_out = nullptr;
    check(hipHostMalloc((void **)&h_in, bytes, hipHostMallocDefault), "cudaMallocHost(in)");
    check(hipHostMalloc((void **)&h_out, bytes, hipHostMallocDefault), "cudaMallocHost(out)");
    for (int i = 0; i < n; ++i)
        h_in[i] = static_cast<float>(i % 1000) * 0.001f;

    float *d_in = nullptr, *d_out = nullptr;
    check(hipMalloc(&d_in, bytes), "cudaMalloc(in)");
    check(hipMalloc(&d_out, bytes), "cudaMalloc(out)");
    check(hipMemset(d_out, 0, bytes), "cudaMemset");

    hipStream_t streams[nstreams];
    for (int s = 0; s < nstreams; ++s)
        check(hipStreamCreateWithFlags(&streams[s], hipStreamNonBlocking), "stream create");

    const int threads = 256;
    const int blocks = (chunk + threads - 1) / threads;
    for (int s = 0; s < nstreams; ++s) {
        size_t off = static_cast<size_t>(s) * chunk;
        check(hipMemcpyAsync(d_in + off, h_in + off, chunk * sizeof(float),
                              hipMemcpyHostToDevice, streams[s]), "H2D");
        scale_add<<<blocks, threads, 0, streams[s]>>>(d_out + off, d_in + off, 2.0f, 1.0f, chunk);
        check(hipGetLastError(), "scale_add launch");
        check(hipMemcpyAsync(h_out + off, d_out + off, chunk * sizeof(float),
                              hipMemcpyDeviceToHost, streams[s]), "D2H");
    }
    for (int s = 0; s < nstreams; ++s)
        check(hipStreamSynchronize(streams[s]), "stream sync");

    int bad = 0;
    for (int i = 0; i < n; ++i)
        if (h_out[i] != 2.0f * h_in[i] + 1.0f) ++bad;
    printf("mismatches: %d\n", bad);

    for (int s = 0; s < nstreams; ++s)
        hipStreamDestroy(streams[s]);
    hipFree(d_in);
    hipFree(d_out);
    hipHostFree(h_in);
    hipHostFree(h_out);
    return bad ? EXIT_FAILURE : EXIT_SUCCESS;
}
