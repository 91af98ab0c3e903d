// hipify-plus-test: select=HP317
// Ported FP8 layouts, built for the default target (gfx90a: no FP8 GEMMs).
#include <hipblaslt/hipblaslt.h>

void layouts(hipblasLtMatrixLayout_t* a, int m, int k)
{
    hipblasLtMatrixLayoutCreate(a, HIP_R_8F_E4M3, k, m, k);  // expect: HP317
}
