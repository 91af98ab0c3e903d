// hipify-plus-test: select=HP307
// A ported conv + bias + activation block: cuDNN's fused call renamed to MIOpen's, which takes
// other values (and builds a fusion plan per call).
#include <hip/hip_runtime.h>
#include <miopen/miopen.h>

struct Block {
    miopenTensorDescriptor_t x, y, bias;
    miopenTensorDescriptor_t w;
    miopenConvolutionDescriptor_t conv;
    miopenActivationDescriptor_t act;
    miopenConvFwdAlgorithm_t algo;
    float *dx, *dy, *dw, *db, *shortcut;
    void* ws;
    size_t ws_bytes;
};

miopenStatus_t forward(miopenHandle_t h, Block& b)
{
    const float one = 1.0f, zero = 0.0f;
    miopenSetActivationDescriptor(b.act, miopenActivationCLIPPEDRELU, 6.0, 0.0, 0.0);
    return miopenConvolutionBiasActivationForward(h, &one, b.x, b.dx, b.w, b.dw, b.conv, b.algo,  // expect: HP307
                                                  b.ws, b.ws_bytes, &zero, b.y, b.dy, b.bias, b.db,
                                                  b.act, b.y, b.dy);
}

miopenStatus_t residual(miopenHandle_t h, Block& b)
{
    const float one = 1.0f;
    // adds alpha2 * z: no fusion-plan operator for it
    return miopenConvolutionBiasActivationForward(h, &one, b.x, b.dx, b.w, b.dw, b.conv, b.algo,  // expect: HP307
                                                  b.ws, b.ws_bytes, &one, b.y, b.shortcut, b.bias, b.db,
                                                  b.act, b.y, b.dy);
}

miopenStatus_t scaled(miopenHandle_t h, Block& b, const float* alpha)
{
    const float zero = 0.0f;
    return miopenConvolutionBiasActivationForward(h, alpha, b.x, b.dx, b.w, b.dw, b.conv, b.algo,  // expect: HP307
                                                  b.ws, b.ws_bytes, &zero, b.y, b.dy, b.bias, b.db,
                                                  b.act, b.y, b.dy);
}

miopenStatus_t unfused(miopenHandle_t h, Block& b, miopenConvFwdAlgorithm_t algo)
{
    const float one = 1.0f, zero = 0.0f;
    return miopenConvolutionForward(h, &one, b.x, b.dx, b.w, b.dw, b.conv, algo, &zero, b.y, b.dy,  // ok: HP307
                                    b.ws, b.ws_bytes);
}
