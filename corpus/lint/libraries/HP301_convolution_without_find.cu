// hipify-plus-test: select=HP301
// Forward and backward convolutions of a small CNN layer: some pick their algorithm
// with a search on the same descriptors, some hard-code it.
#include <cudnn.h>

struct Layer {
    cudnnTensorDescriptor_t x_desc, y_desc;
    cudnnFilterDescriptor_t w_desc;
    cudnnConvolutionDescriptor_t conv_desc;
    float *x, *w, *y, *dx, *dw, *dy;
    void* workspace;
    size_t workspace_size;
};

void forward_fixed(cudnnHandle_t handle, Layer& l)
{
    const float one = 1.0f, zero = 0.0f;
    cudnnConvolutionForward(handle, &one, l.x_desc, l.x, l.w_desc, l.w, l.conv_desc,
                            CUDNN_CONVOLUTION_FWD_ALGO_IMPLICIT_GEMM,  // expect: HP301
                            l.workspace, l.workspace_size, &zero, l.y_desc, l.y);
}

void backward_data_fixed(cudnnHandle_t handle, Layer& l)
{
    const float one = 1.0f, zero = 0.0f;
    cudnnConvolutionBwdDataAlgo_t algo = CUDNN_CONVOLUTION_BWD_DATA_ALGO_1;
    cudnnConvolutionBackwardData(handle, &one, l.w_desc, l.w, l.y_desc, l.dy, l.conv_desc,
                                 algo,  // expect: HP301
                                 l.workspace, l.workspace_size, &zero, l.x_desc, l.dx);
}

void forward_searched(cudnnHandle_t handle, Layer& l)
{
    const float one = 1.0f, zero = 0.0f;
    cudnnConvolutionFwdAlgoPerf_t perf[4];
    int returned = 0;
    cudnnGetConvolutionForwardAlgorithm_v7(handle, l.x_desc, l.w_desc, l.conv_desc, l.y_desc,
                                           4, &returned, perf);
    cudnnConvolutionFwdAlgo_t algo = perf[0].algo;
    cudnnConvolutionForward(handle, &one, l.x_desc, l.x, l.w_desc, l.w, l.conv_desc,  // ok: HP301
                            algo, l.workspace, l.workspace_size, &zero, l.y_desc, l.y);
}

// The algorithm is chosen by the caller (another file): nothing to say here.
void forward_with(cudnnHandle_t handle, Layer& l, cudnnConvolutionFwdAlgo_t algo)
{
    const float one = 1.0f, zero = 0.0f;
    cudnnConvolutionForward(handle, &one, l.x_desc, l.x, l.w_desc, l.w, l.conv_desc,  // ok: HP301
                            algo, l.workspace, l.workspace_size, &zero, l.y_desc, l.y);
}

void backward_filter_other_descriptor(cudnnHandle_t handle, Layer& l, cudnnConvolutionDescriptor_t other)
{
    const float one = 1.0f, zero = 0.0f;
    cudnnConvolutionBwdFilterAlgoPerf_t perf;
    int returned = 0;
    cudnnFindConvolutionBackwardFilterAlgorithm(handle, l.x_desc, l.y_desc, other, l.w_desc,
                                                1, &returned, &perf);
    cudnnConvolutionBackwardFilter(handle, &one, l.x_desc, l.x, l.y_desc, l.dy, l.conv_desc,  // expect: HP301
                                   perf.algo, l.workspace, l.workspace_size, &zero, l.w_desc, l.dw);
}
