// hipify-plus-test: select=HP303
// Descriptor set-up after `convert`: the cuDNN setters whose MIOpen counterparts take other
// arguments are still cuDNN calls (with MIOpen enumerators inside).
#include <hip/hip_runtime.h>
#include <miopen/miopen.h>

#define CK(x) do { if ((x) != miopenStatusSuccess) return 1; } while (0)
void record(miopenStatus_t status);

int describe(miopenTensorDescriptor_t x, miopenTensorDescriptor_t nhwc, miopenTensorDescriptor_t w,
             miopenConvolutionDescriptor_t conv, miopenConvolutionDescriptor_t flipped,
             miopenActivationDescriptor_t act, miopenActivationMode_t mode, double clip,
             miopenTensorLayout_t layout, int n, int c, int h, int k)
{
    CK(cudnnSetTensor4dDescriptor(x, miopenTensorNCHW, miopenFloat, n, c, h, h));  // expect: HP303
    CK(cudnnSetTensor4dDescriptor(nhwc, miopenTensorNHWC, miopenHalf, n, c, h, h));  // expect: HP303
    CK(cudnnSetTensor4dDescriptor(nhwc, layout, miopenHalf, n, c, h, h));  // expect: HP303
    CK(cudnnSetFilter4dDescriptor(w, miopenFloat, miopenTensorNCHW,  // expect: HP303
                                  k, c, 3, 3));  // KCRS
    CK(cudnnSetConvolution2dDescriptor(conv, 1, 1, 1, 1, 1, 1, miopenConvolution, miopenFloat));  // expect: HP303
    CK(cudnnSetConvolution2dDescriptor(flipped, 1, 1, 1, 1, 1, 1, CUDNN_CONVOLUTION, miopenFloat));  // expect: HP303
    CK(cudnnSetConvolution2dDescriptor(conv, 0, 0, 2, 2, 1, 1, miopenConvolution));  // expect: HP303
    CK(cudnnSetActivationDescriptor(act, miopenActivationTANH, MIOPEN_NOT_PROPAGATE_NAN, 0.0));  // expect: HP303
    CK(cudnnSetActivationDescriptor(act, miopenActivationCLIPPEDRELU, MIOPEN_PROPAGATE_NAN, clip));  // expect: HP303
    CK(cudnnSetActivationDescriptor(act, mode, MIOPEN_NOT_PROPAGATE_NAN, clip));  // expect: HP303
    CK(cudnnSetActivationDescriptor(act, CUDNN_ACTIVATION_SWISH, MIOPEN_NOT_PROPAGATE_NAN, 1.0));  // expect: HP303
    CK(cudnnSetConvolutionMathType(conv, CUDNN_TENSOR_OP_MATH));  // expect: HP303
    if (cudnnSetConvolutionMathType(flipped, CUDNN_DEFAULT_MATH) != miopenStatusSuccess)  // expect: HP303
        return 1;
    record(cudnnSetConvolutionMathType(conv, CUDNN_FMA_MATH));  // expect: HP303
    cudnnMathType_t math = CUDNN_FMA_MATH;  // expect: HP303, HP303
    (void)math;
    CK(miopenSet4dTensorDescriptor(x, miopenFloat, n, c, h, h));  // ok: HP303
    CK(miopenInitConvolutionDescriptor(conv, miopenConvolution, 1, 1, 1, 1, 1, 1));  // ok: HP303
    return 0;
}
