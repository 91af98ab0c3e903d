// hipify-plus-test: select=HP301
// A ported layer whose convolutions never ran MIOpen's Find: the algorithms come from cuDNN-era
// heuristics, a constant, or the caller.
#include <hip/hip_runtime.h>
#include <miopen/miopen.h>

#define CK(x) do { if ((x) != miopenStatusSuccess) return 1; } while (0)

struct Layer {
    miopenTensorDescriptor_t x_desc, y_desc, w_desc;
    miopenConvolutionDescriptor_t conv_desc;
    float *x, *w, *y, *dx, *dw, *dy;
    void* workspace;
    size_t workspace_size;
};

int train_step(miopenHandle_t handle, Layer& l, int steps)
{
    const float one = 1.0f, zero = 0.0f;
    miopenConvAlgoPerf_t perf[3];
    miopenConvFwdAlgorithm_t fwd = perf[0].fwd_algo;
    miopenConvBwdDataAlgorithm_t bwd_data = perf[1].bwd_data_algo;
    for (int step = 0; step < steps; ++step) {
        CK(miopenConvolutionForward(handle, &one, l.x_desc, l.x, l.w_desc, l.w, l.conv_desc, fwd,  // expect: HP301
                                    &zero, l.y_desc, l.y, l.workspace, l.workspace_size));
        CK(miopenConvolutionBackwardData(handle, &one, l.y_desc, l.dy, l.w_desc, l.w, l.conv_desc,  // expect: HP301
                                         bwd_data, &zero, l.x_desc, l.dx, l.workspace, l.workspace_size));
        CK(miopenConvolutionBackwardWeights(handle, &one, l.y_desc, l.dy, l.x_desc, l.x, l.conv_desc,  // expect: HP301
                                            perf[2].bwd_weights_algo, &zero, l.w_desc, l.dw, nullptr, 0));
    }
    return 0;
}

int fixed_algorithm(miopenHandle_t handle, Layer& l)
{
    const float one = 1.0f, zero = 0.0f;
    // A choice the author made (determinism? memory?): only an unsafe fix.
    return miopenConvolutionForward(handle, &one, l.x_desc, l.x, l.w_desc, l.w, l.conv_desc,
                                    miopenConvolutionFwdAlgoGEMM,  // expect: HP301
                                    &zero, l.y_desc, l.y, l.workspace, l.workspace_size);
}

int still_in_cudnn_order(miopenHandle_t handle, Layer& l, miopenConvFwdAlgorithm_t* chosen)
{
    const float one = 1.0f, zero = 0.0f;
    miopenConvFwdAlgorithm_t algo = chosen[0];
    // HP310 moves the arguments first; until then the rewrite would misplace them.
    return miopenConvolutionForward(handle, &one, l.x_desc, l.x, l.w_desc, l.w, l.conv_desc, algo,  // expect: HP301
                                    l.workspace, l.workspace_size, &zero, l.y_desc, l.y);
}

int searched(miopenHandle_t handle, Layer& l)
{
    const float one = 1.0f, zero = 0.0f;
    miopenConvAlgoPerf_t found;
    int returned = 0;
    CK(miopenFindConvolutionForwardAlgorithm(handle, l.x_desc, l.x, l.w_desc, l.w, l.conv_desc, l.y_desc, l.y, 1,
                                             &returned, &found, l.workspace, l.workspace_size, false));
    return miopenConvolutionForward(handle, &one, l.x_desc, l.x, l.w_desc, l.w, l.conv_desc,  // ok: HP301
                                    found.fwd_algo, &zero, l.y_desc, l.y, l.workspace, l.workspace_size);
}

int chosen_by_the_caller(miopenHandle_t handle, Layer& l, miopenConvFwdAlgorithm_t algo)
{
    const float one = 1.0f, zero = 0.0f;
    return miopenConvolutionForward(handle, &one, l.x_desc, l.x, l.w_desc, l.w, l.conv_desc,  // ok: HP301
                                    algo, &zero, l.y_desc, l.y, l.workspace, l.workspace_size);
}
