// hipify-plus-test: arch=gfx942
// On MI300 only, tf32 fragments map to rocWMMA's xfloat32_t.
#include <mma.h>  // expect: HP506
using namespace nvcuda;

__global__ void tf32_tile(const float* a, float* c)
{
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> t_frag;  // ok: HP507
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> acc;  // ok: HP507
    wmma::fill_fragment(acc, 0.0f);
    wmma::load_matrix_sync(t_frag, a, 8);
    wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}
