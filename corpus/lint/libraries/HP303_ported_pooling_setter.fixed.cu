// hipify-plus-test: select=HP303 unsafe-fixes
// Pooling and LRN set-up after a rename-only port: cuDNN's argument lists survived.
#include <miopen/miopen.h>

void describe(miopenPoolingDescriptor_t pool_desc, miopenPoolingDescriptor_t avg_desc,
              miopenLRNDescriptor_t lrn_desc)
{
    miopenSet2dPoolingDescriptor(pool_desc, miopenPoolingMax, 2, 2, 0, 0, 2, 2);  // expect: HP303
    miopenSet2dPoolingDescriptor(avg_desc, miopenPoolingAverage, 3, 3, 1, 1, 1, 1);  // ok: HP303
    const int window[2] = {2, 2}, pad[2] = {0, 0}, stride[2] = {2, 2};
    miopenSetNdPoolingDescriptor(pool_desc, miopenPoolingMax, 2,  // expect: HP303
                                 window, pad, stride);
    miopenSetLRNDescriptor(lrn_desc, 5, 1e-4, 0.75, 2.0);  // expect: HP303
    miopenSetLRNDescriptor(lrn_desc, miopenLRNCrossChannel, 5, 1e-4, 0.75, 2.0);  // ok: HP303
}
