// hipify-plus-test: rocm-version=6.2 arch=gfx942,gfx1100
// rocWMMA code checked per target too: rocWMMA compiles a fragment its target cannot run into a
// kernel with no matrix instruction, or stops at a static_assert only from 6.2 on.
#include <hip/hip_runtime.h>
#include <rocwmma/rocwmma.hpp>

__global__ void shapes(const rocwmma::float16_t* h, const int8_t* q, const float* f, float* c, int32_t* ci)
{
    rocwmma::fragment<rocwmma::matrix_a, 16, 16, 16, rocwmma::float16_t, rocwmma::row_major> fa;  // ok: HP507
    rocwmma::fragment<rocwmma::matrix_b, 16, 16, 16, rocwmma::float16_t, rocwmma::col_major> fb;  // ok: HP507
    rocwmma::fragment<rocwmma::accumulator, 16, 16, 16, float> acc;
    rocwmma::fill_fragment(acc, 0.0f);
    rocwmma::load_matrix_sync(fa, h, 16);
    rocwmma::load_matrix_sync(fb, h, 16);
    rocwmma::mma_sync(acc, fa, fb, acc);
    rocwmma::store_matrix_sync(c, acc, 16, rocwmma::mem_row_major);

    // int8 with K = 16: gfx942 needs K >= 32 (static_assert); gfx1100 runs it
    rocwmma::fragment<rocwmma::matrix_a, 16, 16, 16, int8_t, rocwmma::row_major> qa;  // expect: HP507
    rocwmma::fragment<rocwmma::matrix_b, 16, 16, 16, int8_t, rocwmma::col_major> qb;  // expect: HP507
    rocwmma::fragment<rocwmma::accumulator, 16, 16, 16, int32_t> qacc;
    rocwmma::fill_fragment(qacc, 0);
    rocwmma::load_matrix_sync(qa, q, 16);
    rocwmma::load_matrix_sync(qb, q, 16);
    rocwmma::mma_sync(qacc, qa, qb, qacc);
    rocwmma::store_matrix_sync(ci, qacc, 16, rocwmma::mem_row_major);

    // a tf32 fragment that convert ported to fp32 keeps its finding (gfx1100 has no fp32 matrix path)
    rocwmma::fragment<rocwmma::matrix_a, 16, 16, 8, float /* hipify-plus: tf32 as fp32 */, rocwmma::row_major> ta;  // expect: HP507
    (void)f; (void)ta;
}
