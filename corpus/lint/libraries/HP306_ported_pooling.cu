// hipify-plus-test: select=HP306
// Ported max pooling: inference path and training path.
#include <miopen/miopen.h>

void infer(miopenHandle_t h, miopenPoolingDescriptor_t pd, miopenTensorDescriptor_t xd, const float* x,
           miopenTensorDescriptor_t yd, float* y)
{
    const float one = 1.0f, zero = 0.0f;
    miopenPoolingForward(h, pd, &one, xd, x, &zero, yd, y);  // expect: HP306
}

void train(miopenHandle_t h, miopenPoolingDescriptor_t pd, miopenTensorDescriptor_t xd, const float* x,
           miopenTensorDescriptor_t yd, float* y, const float* dy, float* dx, void* ws, size_t ws_size)
{
    const float one = 1.0f, zero = 0.0f;
    miopenPoolingForward(h, pd, &one, xd, x, &zero, yd, y, false, ws, ws_size);  // expect: HP306
    miopenPoolingBackward(h, pd, &one, yd, y, yd, dy, xd, x, &zero, xd, dx, ws);  // ok: HP306
}

void train_saved(miopenHandle_t h, miopenPoolingDescriptor_t pd, miopenTensorDescriptor_t xd, const float* x,
                 miopenTensorDescriptor_t yd, float* y, void* ws, size_t ws_size)
{
    const float one = 1.0f, zero = 0.0f;
    miopenPoolingForward(h, pd, &one, xd, x, &zero, yd, y, true, ws, ws_size);  // ok: HP306
}
