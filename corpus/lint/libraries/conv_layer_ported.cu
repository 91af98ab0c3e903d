// conv_layer.cu after `hipify-plus convert` (names mapped, arguments not moved).
// Every finding of the library rules is annotated.
#include <cstdio>
#include <cstdlib>
#include <hip/hip_runtime.h>
#include <miopen/miopen.h>  // ok: HP309

#define CHECK_CUDNN(expr)                                                        \
    do {                                                                         \
        miopenStatus_t status_ = (expr);                                          \
        if (status_ != miopenStatusSuccess) {                                   \
            fprintf(stderr, "cuDNN error %s at %s:%d\n",                         \
                    miopenGetErrorString(status_), __FILE__, __LINE__);           \
            exit(1);                                                             \
        }                                                                        \
    } while (0)

struct ConvLayer {
    miopenHandle_t handle;
    miopenTensorDescriptor_t x_desc, y_desc, p_desc;
    miopenTensorDescriptor_t w_desc;
    miopenConvolutionDescriptor_t conv_desc;
    miopenPoolingDescriptor_t pool_desc;
    miopenConvFwdAlgorithm_t fwd_algo;
    float *x, *w, *y, *p, *dx, *dw, *dy, *dp;
    void* workspace;
    size_t workspace_size;
};

void setup(ConvLayer& l, int n, int c, int h, int w, int k)
{
    CHECK_CUDNN(miopenCreate(&l.handle));
    CHECK_CUDNN(miopenCreateTensorDescriptor(&l.x_desc));
    CHECK_CUDNN(miopenCreateTensorDescriptor(&l.y_desc));
    CHECK_CUDNN(miopenCreateTensorDescriptor(&l.p_desc));
    CHECK_CUDNN(cudnnCreateFilterDescriptor(&l.w_desc));
    CHECK_CUDNN(miopenCreateConvolutionDescriptor(&l.conv_desc));
    CHECK_CUDNN(miopenCreatePoolingDescriptor(&l.pool_desc));
    CHECK_CUDNN(cudnnSetTensor4dDescriptor(l.x_desc, miopenTensorNCHW, miopenFloat, n, c, h, w));  // expect: HP303
    CHECK_CUDNN(cudnnSetFilter4dDescriptor(l.w_desc, miopenFloat, miopenTensorNCHW, k, c, 3, 3));  // expect: HP303
    CHECK_CUDNN(cudnnSetConvolution2dDescriptor(l.conv_desc, 1, 1, 1, 1, 1, 1,  // expect: HP303
                                                miopenConvolution, miopenFloat));
    CHECK_CUDNN(cudnnSetConvolutionMathType(l.conv_desc, CUDNN_TENSOR_OP_MATH));  // expect: HP303, HP312
    CHECK_CUDNN(cudnnSetTensor4dDescriptor(l.y_desc, miopenTensorNCHW, miopenFloat, n, k, h, w));  // expect: HP303
    CHECK_CUDNN(miopenSet2dPoolingDescriptor(l.pool_desc, miopenPoolingMax, MIOPEN_NOT_PROPAGATE_NAN,  // expect: HP303
                                            2, 2, 0, 0, 2, 2));
    CHECK_CUDNN(cudnnSetTensor4dDescriptor(l.p_desc, miopenTensorNCHW, miopenFloat, n, k, h / 2, w / 2));  // expect: HP303

    miopenConvAlgoPerf_t perf[8];
    int returned = 0;
    CHECK_CUDNN(cudnnGetConvolutionForwardAlgorithm_v7(l.handle, l.x_desc, l.w_desc, l.conv_desc, l.y_desc,  // expect: HP304
                                                       8, &returned, perf));
    l.fwd_algo = perf[0].algo;  // expect: HP304
    size_t fwd_bytes = 0, bwd_bytes = 0;
    CHECK_CUDNN(miopenConvolutionForwardGetWorkSpaceSize(l.handle, l.x_desc, l.w_desc, l.conv_desc, l.y_desc,  // expect: HP310
                                                        l.fwd_algo, &fwd_bytes));
    CHECK_CUDNN(cudnnGetConvolutionBackwardFilterWorkspaceSize(l.handle, l.x_desc, l.y_desc, l.conv_desc,  // expect: HP305
                                                               l.w_desc, CUDNN_CONVOLUTION_BWD_FILTER_ALGO_1,
                                                               &bwd_bytes));
    l.workspace_size = fwd_bytes > bwd_bytes ? fwd_bytes : bwd_bytes;
    hipMalloc(&l.workspace, l.workspace_size);
}

void forward(ConvLayer& l)
{
    const float one = 1.0f, zero = 0.0f;
    CHECK_CUDNN(miopenConvolutionForward(l.handle, &one, l.x_desc, l.x, l.w_desc, l.w, l.conv_desc,  // ok: HP301  // expect: HP310
                                        l.fwd_algo, l.workspace, l.workspace_size, &zero, l.y_desc, l.y));
    CHECK_CUDNN(cudnnPoolingForward(l.handle, l.pool_desc, &one, l.y_desc, l.y, &zero, l.p_desc, l.p));  // expect: HP306
}

void backward(ConvLayer& l, bool accumulate)
{
    const float one = 1.0f, zero = 0.0f;
    const float beta = accumulate ? 1.0f : 0.0f;
    CHECK_CUDNN(cudnnPoolingBackward(l.handle, l.pool_desc, &one, l.p_desc, l.p, l.p_desc, l.dp,  // expect: HP306
                                     l.y_desc, l.y, &zero, l.y_desc, l.dy));
    CHECK_CUDNN(cudnnConvolutionBackwardFilter(l.handle, &one, l.x_desc, l.x, l.y_desc, l.dy, l.conv_desc,  // expect: HP305
                                               CUDNN_CONVOLUTION_BWD_FILTER_ALGO_1,  // expect: HP301
                                               l.workspace, l.workspace_size, &beta, l.w_desc, l.dw));
    CHECK_CUDNN(miopenConvolutionBackwardData(l.handle, &one, l.w_desc, l.w, l.y_desc, l.dy, l.conv_desc,  // expect: HP310
                                             miopenConvolutionBwdDataAlgoDirect,  // expect: HP301
                                             l.workspace, l.workspace_size, &zero, l.x_desc, l.dx));
}
