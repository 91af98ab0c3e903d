// cuDNN calls whose MIOpen counterparts take other arguments: pooling descriptors without a NaN
// option, the LRN mode, and the exhaustive-search flag of the algorithm search.
#include <cudnn.h>

void pooling(cudnnPoolingDescriptor_t pool, int *dims, int *pads, int *strides)
{
    cudnnPoolingMode_t mode;
    cudnnNanPropagation_t nan;
    int h, w, ph, pw, sh, sw, nd;
    cudnnSetPooling2dDescriptor(pool, CUDNN_POOLING_MAX, CUDNN_NOT_PROPAGATE_NAN, 2, 2, 0, 0, 2, 2);
    cudnnGetPooling2dDescriptor(pool, &mode, &nan, &h, &w, &ph, &pw, &sh, &sw);
    cudnnSetPoolingNdDescriptor(pool, CUDNN_POOLING_MAX, CUDNN_PROPAGATE_NAN, 2, dims, pads, strides);
    cudnnGetPoolingNdDescriptor(pool, 2, &mode, &nan, &nd, dims, pads, strides);
}

void lrn(cudnnLRNDescriptor_t d)
{
    cudnnSetLRNDescriptor(d, 5, 1e-4, 0.75, 2.0);
}

void search(cudnnHandle_t h, cudnnTensorDescriptor_t xD, const void *x, cudnnFilterDescriptor_t wD,
            const void *w, cudnnConvolutionDescriptor_t cD, cudnnTensorDescriptor_t yD, void *y,
            void *work, size_t workBytes)
{
    int found = 0;
    cudnnConvolutionFwdAlgoPerf_t perf[4];
    cudnnFindConvolutionForwardAlgorithmEx(h, xD, x, wD, w, cD, yD, y, 4, &found, perf, work, workBytes);
}
