// hipify-plus-test: select=HP301
// The same layer after porting to MIOpen: Find is mandatory before each direction.
#include <miopen/miopen.h>

struct Layer {
    miopenTensorDescriptor_t x_desc, y_desc, w_desc;
    miopenConvolutionDescriptor_t conv_desc;
    float *x, *w, *y, *dx, *dw, *dy;
    void* workspace;
    size_t workspace_size;
};

void forward(miopenHandle_t handle, Layer& l)
{
    const float one = 1.0f, zero = 0.0f;
    miopenConvAlgoPerf_t perf[4];
    int returned = 0;
    miopenFindConvolutionForwardAlgorithm(handle, l.x_desc, l.x, l.w_desc, l.w, l.conv_desc, l.y_desc, l.y,
                                          4, &returned, perf, l.workspace, l.workspace_size, false);
    miopenConvolutionForward(handle, &one, l.x_desc, l.x, l.w_desc, l.w, l.conv_desc,  // ok: HP301
                             perf[0].fwd_algo, &zero, l.y_desc, l.y, l.workspace, l.workspace_size);
}

void backward_weights(miopenHandle_t handle, Layer& l)
{
    const float one = 1.0f, zero = 0.0f;
    miopenConvolutionBackwardWeights(handle, &one, l.y_desc, l.dy, l.x_desc, l.x, l.conv_desc,
                                     miopenConvolutionBwdWeightsAlgoGEMM,  // expect: HP301
                                     &zero, l.w_desc, l.dw, l.workspace, l.workspace_size);
}

void backward_data(miopenHandle_t handle, Layer& l)
{
    const float one = 1.0f, zero = 0.0f;
    miopenConvAlgoPerf_t perf;
    int returned = 0;
    // The search covers only the forward direction.
    miopenFindConvolutionForwardAlgorithm(handle, l.x_desc, l.x, l.w_desc, l.w, l.conv_desc, l.y_desc, l.y,
                                          1, &returned, &perf, l.workspace, l.workspace_size, false);
    miopenConvolutionBackwardData(handle, &one, l.y_desc, l.dy, l.w_desc, l.w, l.conv_desc,  // expect: HP301
                                  perf.bwd_data_algo, &zero, l.x_desc, l.dx, l.workspace, l.workspace_size);
}
