// hipify-plus-test: select=HP303
// Descriptor set-up of a conv -> pool -> LRN block, written against cuDNN.
#include <cudnn.h>

void describe(cudnnTensorDescriptor_t x_desc, cudnnTensorDescriptor_t nhwc_desc,
              cudnnFilterDescriptor_t w_desc, cudnnConvolutionDescriptor_t conv_desc,
              cudnnConvolutionDescriptor_t flipped_desc, cudnnPoolingDescriptor_t pool_desc,
              cudnnLRNDescriptor_t lrn_desc, cudnnActivationDescriptor_t act_desc,
              int n, int c, int h, int w, int k)
{
    cudnnSetTensor4dDescriptor(x_desc, CUDNN_TENSOR_NCHW, CUDNN_DATA_FLOAT, n, c, h, w);  // expect: HP303
    cudnnSetTensor4dDescriptor(nhwc_desc, CUDNN_TENSOR_NHWC, CUDNN_DATA_HALF, n, c, h, w);  // expect: HP303
    cudnnSetTensor4dDescriptorEx(x_desc, CUDNN_DATA_FLOAT, n, c, h, w, c * h * w, h * w, w, 1);  // ok: HP303
    cudnnSetFilter4dDescriptor(w_desc, CUDNN_DATA_FLOAT, CUDNN_TENSOR_NCHW, k, c, 3, 3);  // expect: HP303
    cudnnSetConvolution2dDescriptor(conv_desc, 1, 1, 1, 1, 1, 1,  // expect: HP303
                                    CUDNN_CROSS_CORRELATION, CUDNN_DATA_FLOAT);
    // True convolution: the filter is flipped, which MIOpen cannot do.
    cudnnSetConvolution2dDescriptor(flipped_desc, 1, 1, 1, 1, 1, 1, CUDNN_CONVOLUTION, CUDNN_DATA_FLOAT);  // expect: HP303
    cudnnSetPooling2dDescriptor(pool_desc, CUDNN_POOLING_MAX, CUDNN_NOT_PROPAGATE_NAN,  // expect: HP303
                                2, 2, 0, 0, 2, 2);
    cudnnSetLRNDescriptor(lrn_desc, 5, 1e-4, 0.75, 2.0);  // expect: HP303
    cudnnSetActivationDescriptor(act_desc, CUDNN_ACTIVATION_RELU, CUDNN_PROPAGATE_NAN, 0.0);  // expect: HP303
}
