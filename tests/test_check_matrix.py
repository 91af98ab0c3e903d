"""convert --check's matrix-instruction count (hipify_plus/check/matrix.py) on device assembly
shaped as hipcc 5.7 writes it, and the WMMA kernels it looks for in a converted unit."""

from __future__ import annotations

from hipify_plus.check.matrix import count_instructions, wmma_kernels

# Trimmed from hipcc 5.7 `-O3 --cuda-device-only -S` of a rocWMMA port for gfx90a: one kernel with
# an MFMA, one whose fragments rocWMMA compiled to plain loads and stores, and a device function.
ASSEMBLY = """\
\t.text
\t.protected\t_Z10gemm_tilesPK6__halfS1_Pfii
\t.globl\t_Z10gemm_tilesPK6__halfS1_Pfii
_Z10gemm_tilesPK6__halfS1_Pfii:         ; @_Z10gemm_tilesPK6__halfS1_Pfii
\tglobal_load_dwordx2 v[12:13], v[2:3], off
\tv_mfma_f32_16x16x16f16 v[0:3], v[12:13], v[14:15], v[0:3]
\ts_endpgm
\t.amdhsa_kernel _Z10gemm_tilesPK6__halfS1_Pfii
\t.end_amdhsa_kernel
.Lfunc_end0:
\t.size\t_Z10gemm_tilesPK6__halfS1_Pfii, .Lfunc_end0-_Z10gemm_tilesPK6__halfS1_Pfii
_ZN2hp9xf32_tileEPKfPf:                 ; @_ZN2hp9xf32_tileEPKfPf
\tglobal_load_dword v1, v[2:3], off
\tglobal_store_dword v[4:5], v1, off
\ts_endpgm
\t.amdhsa_kernel _ZN2hp9xf32_tileEPKfPf
\t.end_amdhsa_kernel
.Lfunc_end1:
_Z6helperv:                             ; @_Z6helperv
\tv_mfma_f32_16x16x4f32 v[0:3], v1, v2, v[0:3]
\ts_setpc_b64 s[30:31]
.Lfunc_end2:
"""


def test_matrix_instructions_are_counted_per_kernel() -> None:
    assert count_instructions(ASSEMBLY) == {"gemm_tiles": 1, "xf32_tile": 0}


def test_wmma_kernels_are_the_kernels_that_call_mma_sync_in_a_rocwmma_unit() -> None:
    unit = b"""#include <rocwmma/rocwmma.hpp>
namespace wmma = rocwmma;
__global__ void scale(float* c) { c[threadIdx.x] *= 2.0f; }
__global__ void __launch_bounds__(256) tile(const float* a, float* c) {
    if (a) { wmma::mma_sync(acc, fa, fb, acc); }
}
"""
    assert [name for name, _ in wmma_kernels(unit)] == ["tile"]
    assert wmma_kernels(unit.replace(b"rocwmma/rocwmma.hpp", b"mma.h")) == []
