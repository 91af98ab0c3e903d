// hipify-plus-test: select=HP312 arch=gfx942
// hipBLASLt matmul with TF32 compute on MI300: it runs as XF32.
#include <hipblaslt/hipblaslt.h>

hipblasLtMatmulDesc_t make_desc()
{
    const hipblasComputeType_t compute = HIPBLAS_COMPUTE_32F_FAST_TF32;  // expect: HP312
    hipblasLtMatmulDesc_t desc;
    hipblasLtMatmulDescCreate(&desc, compute, HIP_R_32F);
    hipblasLtMatmulDesc_t exact;
    hipblasLtMatmulDescCreate(&exact, HIPBLAS_COMPUTE_32F, HIP_R_32F);  // ok: HP312
    return desc;
}
