// hipify-plus-test: select=HP304
// Algorithm selection written for cuDNN: heuristics, Find and the perf-result fields.
#include <cudnn.h>
#include <vector>

cudnnConvolutionFwdAlgo_t pick_forward(cudnnHandle_t h, cudnnTensorDescriptor_t xd, cudnnFilterDescriptor_t wd,
                                       cudnnConvolutionDescriptor_t conv, cudnnTensorDescriptor_t yd)
{
    int max_count = 0;
    cudnnGetConvolutionForwardAlgorithmMaxCount(h, &max_count);  // expect: HP304
    std::vector<cudnnConvolutionFwdAlgoPerf_t> perf(max_count);
    int returned = 0;
    cudnnGetConvolutionForwardAlgorithm_v7(h, xd, wd, conv, yd, max_count, &returned, perf.data());  // expect: HP304
    size_t bytes = 0;
    cudnnGetConvolutionForwardWorkspaceSize(h, xd, wd, conv, yd, perf[0].algo, &bytes);  // ok: HP304
    return perf[0].algo;
}

cudnnConvolutionBwdDataAlgo_t search_backward_data(cudnnHandle_t h, cudnnFilterDescriptor_t wd,
                                                   cudnnTensorDescriptor_t dyd, cudnnConvolutionDescriptor_t conv,
                                                   cudnnTensorDescriptor_t dxd)
{
    cudnnConvolutionBwdDataAlgoPerf_t perf;
    int returned = 0;
    cudnnFindConvolutionBackwardDataAlgorithm(h, wd, dyd, conv, dxd, 1, &returned, &perf);  // expect: HP304
    return perf.algo;
}
