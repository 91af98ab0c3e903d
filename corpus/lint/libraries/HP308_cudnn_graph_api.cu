// hipify-plus-test: select=HP308
// A convolution built with cudnn-frontend, and the same with the raw backend API.
#include <cudnn.h>
#include <cudnn_frontend.h>  // expect: HP308

cudnn_frontend::Tensor make_tensor(int64_t uid, const int64_t* dims, const int64_t* strides)  // expect: HP308
{
    return cudnn_frontend::TensorBuilder()  // ok: HP308
        .setDim(4, dims)
        .setStride(4, strides)
        .setId(uid)
        .setAlignment(16)
        .setDataType(CUDNN_DATA_FLOAT)
        .build();
}

void build_operation(cudnnHandle_t h, cudnn_frontend::Tensor& x, cudnn_frontend::Tensor& w,  // expect: HP308
                     cudnn_frontend::Tensor& y, cudnn_frontend::ConvDesc& conv)
{
    auto op = cudnn_frontend::OperationBuilder(CUDNN_BACKEND_OPERATION_CONVOLUTION_FORWARD_DESCRIPTOR)
                  .setxDesc(x)
                  .setwDesc(w)
                  .setyDesc(y)
                  .setcDesc(conv)
                  .build();
    auto graph = cudnn_frontend::OperationGraphBuilder().setHandle(h).build();  // ok: HP308
}

void raw_backend(cudnnHandle_t h)
{
    cudnnBackendDescriptor_t op_graph, plan;
    cudnnBackendCreateDescriptor(CUDNN_BACKEND_OPERATIONGRAPH_DESCRIPTOR, &op_graph);  // expect: HP308
    cudnnBackendSetAttribute(op_graph, CUDNN_ATTR_OPERATIONGRAPH_HANDLE, CUDNN_TYPE_HANDLE, 1, &h);  // ok: HP308
    cudnnBackendFinalize(op_graph);
    cudnnBackendCreateDescriptor(CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR, &plan);
    cudnnBackendInitialize(plan, CUDNN_BACKEND_EXECUTION_PLAN_DESCRIPTOR, sizeof(plan));  // expect: HP308
}
