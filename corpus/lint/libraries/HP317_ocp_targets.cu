// hipify-plus-test: select=HP317 arch=gfx950,gfx1201
// Ported FP8 layouts, built only for targets with OCP FP8.
#include <hipblaslt/hipblaslt.h>

void layouts(hipblasLtMatrixLayout_t* a, int m, int k)
{
    hipblasLtMatrixLayoutCreate(a, HIP_R_8F_E4M3, k, m, k);  // ok: HP317
}
