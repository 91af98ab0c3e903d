// hipify-plus-test: select=HP310
// Renamed convolutions whose alpha and beta are opaque pointers (HIPIFY's unit-test style): the
// declarations of the other arguments tell which order they are in.
#include <hip/hip_runtime.h>
#include <miopen/miopen.h>

struct Conv {
    miopenTensorDescriptor_t x_desc, y_desc, w_desc;
    miopenConvolutionDescriptor_t conv;
    void *x, *y, *w, *dx, *dy, *ws;
    size_t ws_size;
};

void run(miopenHandle_t handle, const void* alpha, const void* beta, Conv& c, miopenConvFwdAlgorithm_t fwd,
         miopenConvBwdDataAlgorithm_t bwd, void* workSpace, size_t workSpaceSizeInBytes)
{
    miopenTensorDescriptor_t xD = c.x_desc, yD = c.y_desc;
    miopenConvolutionForward(handle, alpha, xD, c.x, c.w_desc, c.w, c.conv, fwd, beta,  // expect: HP310
                             yD, c.y, workSpace, workSpaceSizeInBytes);
    miopenConvolutionBackwardData(handle, alpha, yD, c.dy, c.w_desc, c.w, c.conv, bwd, beta, xD,  // expect: HP310
                                  c.dx, c.ws, c.ws_size);
    miopenConvolutionForward(handle, alpha, xD, c.x, c.w_desc, c.w, c.conv, fwd, beta, yD, c.y,  // ok: HP310
                             workSpace, workSpaceSizeInBytes);
}

miopenTensorDescriptor_t descriptor_of(const void* buffer);
size_t bytes_of(const void* buffer);

void opaque(miopenHandle_t handle, const void* alpha, const void* beta, void* a, void* b, void* d,
            miopenConvolutionDescriptor_t conv, miopenConvFwdAlgorithm_t fwd, void* p)
{
    auto aD = descriptor_of(a), bD = descriptor_of(b), cD = descriptor_of(d);
    auto n = bytes_of(p);
    // Nothing here says which order this is: left alone by lint (convert reports it).
    miopenConvolutionForward(handle, alpha, aD, a, bD, b, conv, fwd, p, n, beta, cD, d);  // ok: HP310
}
