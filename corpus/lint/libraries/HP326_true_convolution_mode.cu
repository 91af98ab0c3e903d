// hipify-plus-test: select=HP326
// Convolution descriptors of a signal-processing kernel that needs true convolution.
#include <cudnn.h>

cudnnConvolutionMode_t pick(bool flip)
{
    return flip ? CUDNN_CONVOLUTION : CUDNN_CROSS_CORRELATION;  // expect: HP326
}

void describe(cudnnConvolutionDescriptor_t conv, cudnnConvolutionDescriptor_t xcorr)
{
    cudnnSetConvolution2dDescriptor(conv, 2, 2, 1, 1, 1, 1, CUDNN_CONVOLUTION, CUDNN_DATA_FLOAT);  // expect: HP326
    cudnnSetConvolution2dDescriptor(xcorr, 2, 2, 1, 1, 1, 1, CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT);  // ok: HP326
    int algo = CUDNN_CONVOLUTION_FWD_ALGO_GEMM;  // ok: HP326
    (void)algo;
}
