// hipify-plus-test: select=HP306
// Max pooling forward and backward with cuDNN, which needs no workspace between them.
#include <cudnn.h>

void pool(cudnnHandle_t h, cudnnPoolingDescriptor_t pool_desc, cudnnTensorDescriptor_t x_desc, const float* x,
          cudnnTensorDescriptor_t y_desc, float* y, const float* dy, float* dx)
{
    const float one = 1.0f, zero = 0.0f;
    cudnnPoolingForward(h, pool_desc, &one, x_desc, x, &zero, y_desc, y);  // expect: HP306
    cudnnPoolingBackward(h, pool_desc, &one, y_desc, y, y_desc, dy, x_desc, x,  // expect: HP306
                         &zero, x_desc, dx);
    cudnnPoolingGetForwardOutputDim(pool_desc, x_desc, nullptr, nullptr, nullptr, nullptr);  // ok: HP306
}
