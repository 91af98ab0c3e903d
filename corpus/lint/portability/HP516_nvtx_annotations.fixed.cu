// hipify-plus-test: unsafe-fixes
// A HIP port that still carries NVTX ranges and NCCL/CUB names.
#include <hip/hip_runtime.h>
#include <roctracer/roctx.h>  // expect: HP516
#include <rccl/rccl.h>  // expect: HP517
#include <hipcub/hipcub.hpp>  // expect: HP518
#include <thrust/device_vector.h>  // ok: HP518
#include <hipcub/hipcub.hpp>  // ok: HP518

void allreduce(float* buf, size_t count, ncclComm_t comm, hipStream_t stream)
{
    roctxRangePushA("allreduce");  // expect: HP516
    ncclAllReduce(buf, buf, count, ncclFloat, ncclSum, comm, stream);  // ok: HP517
    roctxMarkA("sent");  // expect: HP516
    roctxRangePop();  // expect: HP516
}

void sum(const float* in, float* out, int n, hipStream_t stream)
{
    nvtxEventAttributes_t attributes = {};
    attributes.message.ascii = "sum";
    nvtxRangePushEx(&attributes);  // expect: HP516
    size_t bytes = 0;
    hipcub::DeviceReduce::Sum(nullptr, bytes, in, out, n, stream);  // expect: HP518
    hipcub::DeviceReduce::Sum(nullptr, bytes, in, out, n, stream);  // ok: HP518
    thrust::device_vector<float> v(n);  // ok: HP518
    roctxRangePop();  // expect: HP516
}
