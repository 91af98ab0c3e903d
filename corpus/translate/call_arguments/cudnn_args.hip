// cuDNN calls whose MIOpen counterparts take other arguments: pooling descriptors without a NaN
// option, the LRN mode, and the exhaustive-search flag of the algorithm search.
#include <hip/hip_runtime.h>
#include <miopen/miopen.h>

void pooling(miopenPoolingDescriptor_t pool, int *dims, int *pads, int *strides)
{
    miopenPoolingMode_t mode;
    miopenNanPropagation_t nan;
    int h, w, ph, pw, sh, sw, nd;
    miopenSet2dPoolingDescriptor(pool, miopenPoolingMax, 2, 2, 0, 0, 2, 2);
    miopenGet2dPoolingDescriptor(pool, &mode, &h, &w, &ph, &pw, &sh, &sw);
    miopenSetNdPoolingDescriptor(pool, miopenPoolingMax, 2, dims, pads, strides);
    miopenGetNdPoolingDescriptor(pool, 2, &mode, &nd, dims, pads, strides);
}

void lrn(miopenLRNDescriptor_t d)
{
    miopenSetLRNDescriptor(d, miopenLRNCrossChannel, 5, 1e-4, 0.75, 2.0);
}

void search(miopenHandle_t h, miopenTensorDescriptor_t xD, const void *x, miopenTensorDescriptor_t wD,
            const void *w, miopenConvolutionDescriptor_t cD, miopenTensorDescriptor_t yD, void *y,
            void *work, size_t workBytes)
{
    int found = 0;
    miopenConvAlgoPerf_t perf[4];
    miopenFindConvolutionForwardAlgorithm(h, xD, x, wD, w, cD, yD, y, 4, &found, perf, work, workBytes, true);
}
