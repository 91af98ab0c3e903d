// hipify-plus-test: select=HP303
// Descriptor set-up after `convert`: the cuDNN setters whose MIOpen counterparts take other
// arguments are still cuDNN calls (with MIOpen enumerators inside).
#include <hip/hip_runtime.h>
#include <miopen/miopen.h>

// hipify-plus: MIOpen support for the rewritten cuDNN calls (HP301/HP303/HP304/HP307).
#ifndef HIPIFY_PLUS_MIOPEN_LAYOUT
#define HIPIFY_PLUS_MIOPEN_LAYOUT
namespace hipify_plus_miopen {
// cudnnSetTensor4dDescriptor / cudnnSetFilter4dDescriptor in another layout than NCHW: the
// lengths stay in N, C, H, W (K, C, R, S) order, the layout says how they are stored.
static inline miopenStatus_t set_4d_tensor_with_layout(miopenTensorDescriptor_t desc, miopenDataType_t type,
                                                       miopenTensorLayout_t layout, int n, int c, int h, int w)
{
    const int lengths[4] = {n, c, h, w};
    return miopenSetNdTensorDescriptorWithLayout(desc, type, layout, lengths, 4);
}
} // namespace hipify_plus_miopen
#endif

#define CK(x) do { if ((x) != miopenStatusSuccess) return 1; } while (0)
void record(miopenStatus_t status);

int describe(miopenTensorDescriptor_t x, miopenTensorDescriptor_t nhwc, miopenTensorDescriptor_t w,
             miopenConvolutionDescriptor_t conv, miopenConvolutionDescriptor_t flipped,
             miopenActivationDescriptor_t act, miopenActivationMode_t mode, double clip,
             miopenTensorLayout_t layout, int n, int c, int h, int k)
{
    CK(miopenSet4dTensorDescriptor(x, miopenFloat, n, c, h, h));  // expect: HP303
    CK(hipify_plus_miopen::set_4d_tensor_with_layout(nhwc, miopenHalf, miopenTensorNHWC, n, c, h, h));  // expect: HP303
    CK(hipify_plus_miopen::set_4d_tensor_with_layout(nhwc, miopenHalf, layout, n, c, h, h));  // expect: HP303
    CK(miopenSet4dTensorDescriptor(w, miopenFloat,  // expect: HP303
                                  k, c, 3, 3));  // KCRS
    CK(miopenInitConvolutionDescriptor(conv, miopenConvolution, 1, 1, 1, 1, 1, 1));  // expect: HP303
    CK(cudnnSetConvolution2dDescriptor(flipped, 1, 1, 1, 1, 1, 1, CUDNN_CONVOLUTION, miopenFloat));  // expect: HP303
    CK(miopenInitConvolutionDescriptor(conv, miopenConvolution, 0, 0, 2, 2, 1, 1));  // expect: HP303
    CK(miopenSetActivationDescriptor(act, miopenActivationTANH, 1.0, 1.0, 0.0));  // expect: HP303
    CK(miopenSetActivationDescriptor(act, miopenActivationCLIPPEDRELU, clip, 0.0, 0.0));  // expect: HP303
    CK(miopenSetActivationDescriptor(act, mode, (mode == miopenActivationTANH ? 1.0 : clip), (mode == miopenActivationTANH ? 1.0 : 0.0), 0.0));  // expect: HP303
    CK(cudnnSetActivationDescriptor(act, CUDNN_ACTIVATION_SWISH, MIOPEN_NOT_PROPAGATE_NAN, 1.0));  // expect: HP303
    /* hipify-plus: dropped `cudnnSetConvolutionMathType(conv, CUDNN_TENSOR_OP_MATH)`: MIOpen has no math type */;  // expect: HP303
    if (static_cast<miopenStatus_t>(miopenStatusSuccess) != miopenStatusSuccess)  // expect: HP303
        return 1;
    record(static_cast<miopenStatus_t>(miopenStatusSuccess));  // expect: HP303
    cudnnMathType_t math = CUDNN_FMA_MATH;  // expect: HP303, HP303
    (void)math;
    CK(miopenSet4dTensorDescriptor(x, miopenFloat, n, c, h, h));  // ok: HP303
    CK(miopenInitConvolutionDescriptor(conv, miopenConvolution, 1, 1, 1, 1, 1, 1));  // ok: HP303
    return 0;
}
