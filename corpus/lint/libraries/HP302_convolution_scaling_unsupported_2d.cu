// hipify-plus-test: select=HP302
// Residual blocks and gradient accumulation scale or accumulate into the convolution output.
#include <cudnn.h>

static const float kOne = 1.0f;
static const float kZero = 0.0f;

void residual_forward(cudnnHandle_t h, cudnnTensorDescriptor_t xd, const float* x,
                      cudnnFilterDescriptor_t wd, const float* w, cudnnConvolutionDescriptor_t conv,
                      cudnnConvolutionFwdAlgo_t algo, void* ws, size_t ws_size,
                      cudnnTensorDescriptor_t yd, float* y)
{
    cudnnSetConvolution2dDescriptor(conv, 1, 1, 1, 1, 1, 1, CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT);
    // y = conv(x) + y: beta = 1 adds the shortcut already stored in y.
    cudnnConvolutionForward(h, &kOne, xd, x, wd, w, conv, algo, ws, ws_size,
                            &kOne,  // expect: HP302
                            yd, y);
    const float half = 0.5f, zero = 0.0f;
    cudnnConvolutionForward(h, &half,  // expect: HP302
                            xd, x, wd, w, conv, algo, ws, ws_size, &zero, yd, y);
    cudnnConvolutionForward(h, &kOne, xd, x, wd, w, conv, algo, ws, ws_size, &kZero, yd, y);  // ok: HP302
}

void accumulate_weight_gradient(cudnnHandle_t h, cudnnTensorDescriptor_t xd, const float* x,
                                cudnnTensorDescriptor_t dyd, const float* dy,
                                cudnnConvolutionDescriptor_t conv, cudnnConvolutionBwdFilterAlgo_t algo,
                                void* ws, size_t ws_size, cudnnFilterDescriptor_t dwd, float* dw,
                                float beta, const float* alpha_ptr)
{
    const float one = 1.0f;
    cudnnConvolutionBackwardFilter(h, &one, xd, x, dyd, dy, conv, algo, ws, ws_size,
                                   &beta,  // expect: HP302
                                   dwd, dw);
    // Scaling factors passed through from the caller: we cannot see their values.
    cudnnConvolutionBackwardFilter(h, alpha_ptr, xd, x, dyd, dy, conv, algo, ws, ws_size,  // ok: HP302
                                   alpha_ptr, dwd, dw);
}

void volume_forward(cudnnHandle_t h, cudnnTensorDescriptor_t xd, const float* x,
                    cudnnFilterDescriptor_t wd, const float* w, cudnnConvolutionDescriptor_t conv3d,
                    cudnnConvolutionFwdAlgo_t algo, void* ws, size_t ws_size,
                    cudnnTensorDescriptor_t yd, float* y)
{
    const int pad[3] = {1, 1, 1}, stride[3] = {1, 1, 1}, dilation[3] = {1, 1, 1};
    cudnnSetConvolutionNdDescriptor(conv3d, 3, pad, stride, dilation, CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT);
    // MIOpen accepts other alpha/beta values for 3-D convolutions.
    float beta = 1.0f;
    cudnnConvolutionForward(h, &kOne, xd, x, wd, w, conv3d, algo, ws, ws_size, &beta, yd, y);  // ok: HP302
}
