// hipify-plus-test: rocm-version=5.7
// Inference of a conv + bias + ReLU block with cuDNN's fused call, run for every image of a
// batch stream; a second layer adds a residual (alpha2 = 1, z = the shortcut).
#include <cstdio>
#include <cuda_runtime.h>
#include <cudnn.h>

#define CHECK(x) do { cudnnStatus_t s_ = (x); if (s_ != CUDNN_STATUS_SUCCESS) { \
    printf("%s failed: %s\n", #x, cudnnGetErrorString(s_)); return 1; } } while (0)

struct Block {
    cudnnTensorDescriptor_t x, y, bias;
    cudnnFilterDescriptor_t w;
    cudnnConvolutionDescriptor_t conv;
    cudnnActivationDescriptor_t relu;
    float *dx, *dy, *dw, *db, *shortcut;
    void *ws;
    size_t ws_bytes;
    cudnnConvolutionFwdAlgo_t algo;
};

static int setup(cudnnHandle_t h, Block &b, int n, int c, int hw, int k)
{
    CHECK(cudnnCreateTensorDescriptor(&b.x));
    CHECK(cudnnCreateTensorDescriptor(&b.y));
    CHECK(cudnnCreateTensorDescriptor(&b.bias));
    CHECK(cudnnCreateFilterDescriptor(&b.w));
    CHECK(cudnnCreateConvolutionDescriptor(&b.conv));
    CHECK(cudnnCreateActivationDescriptor(&b.relu));
    CHECK(cudnnSetTensor4dDescriptor(b.x, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, n, c, hw, hw));
    CHECK(cudnnSetTensor4dDescriptor(b.y, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, n, k, hw, hw));
    CHECK(cudnnSetTensor4dDescriptor(b.bias, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, 1, k, 1, 1));
    CHECK(cudnnSetFilter4dDescriptor(b.w, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW, k, c, 1, 1));
    CHECK(cudnnSetConvolution2dDescriptor(b.conv, 0, 0, 1, 1, 1, 1, CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT));
    CHECK(cudnnSetActivationDescriptor(b.relu, CUDNN_ACTIVATION_RELU, CUDNN_NOT_PROPAGATE_NAN, 0.0));
    cudnnConvolutionFwdAlgoPerf_t perf;
    int found = 0;
    CHECK(cudnnGetConvolutionForwardAlgorithm_v7(h, b.x, b.w, b.conv, b.y, 1, &found, &perf));
    b.algo = perf.algo;
    CHECK(cudnnGetConvolutionForwardWorkspaceSize(h, b.x, b.w, b.conv, b.y, b.algo, &b.ws_bytes));
    cudaMalloc(&b.dx, sizeof(float) * n * c * hw * hw);
    cudaMalloc(&b.dy, sizeof(float) * n * k * hw * hw);
    cudaMalloc(&b.shortcut, sizeof(float) * n * k * hw * hw);
    cudaMalloc(&b.dw, sizeof(float) * k * c);
    cudaMalloc(&b.db, sizeof(float) * k);
    b.ws = nullptr;
    if (b.ws_bytes)
        cudaMalloc(&b.ws, b.ws_bytes);
    return 0;
}

static int run(cudnnHandle_t h, Block &b, int images)
{
    const float one = 1.0f, zero = 0.0f;
    for (int i = 0; i < images; ++i) {
        // y = relu(conv(x, w) + bias): alpha2 = 0, so z (= y) is not read.
        CHECK(cudnnConvolutionBiasActivationForward(h, &one, b.x, b.dx, b.w, b.dw, b.conv, b.algo,
                                                    b.ws, b.ws_bytes, &zero, b.y, b.dy, b.bias, b.db,
                                                    b.relu, b.y, b.dy));
    }
    return 0;
}

static int run_residual(cudnnHandle_t h, Block &b)
{
    const float one = 1.0f;
    // y = relu(conv(x, w) + shortcut + bias)
    CHECK(cudnnConvolutionBiasActivationForward(h, &one, b.x, b.dx, b.w, b.dw, b.conv, b.algo,  // expect: HP307
                                                b.ws, b.ws_bytes, &one, b.y, b.shortcut, b.bias, b.db,
                                                b.relu, b.y, b.dy));
    return 0;
}

int main()
{
    cudnnHandle_t h;
    CHECK(cudnnCreate(&h));
    Block b;
    if (setup(h, b, 4, 64, 14, 128) || run(h, b, 16) || run_residual(h, b))
        return 1;
    cudaDeviceSynchronize();
    printf("done\n");
    cudnnDestroy(h);
    return 0;
}
