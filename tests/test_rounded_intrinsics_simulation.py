"""HP503's directed roundings (templates/intrinsics/hip_device_intrinsics.h.j2: `__fadd_rd`,
`__ddiv_ru`, `__fsqrt_rz` ...) run on the CPU: the rendered block is compiled with the host C++
compiler (its `__device__` functions become host functions) and every result is compared, bit for
bit, with the same operation done by the CPU in the rounding mode asked for (`fesetround`), on
random operands whose exact results are normal numbers, on results that overflow, and on zeros,
infinities and NaNs."""

from __future__ import annotations

from pathlib import Path

from hipify_plus.templates import render

from .block_simulation import build_and_run, needs_compiler

OPS = ("add", "sub", "mul", "div", "rcp", "sqrt")
NAMES = [f"__{t}{op}_r{m}" for t in "fd" for op in OPS for m in "duz"]

HIP_RUNTIME = """
#pragma once
#include <cmath>
#define __device__
#define __host__
using std::fma;
using std::nextafter;
using std::sqrt;
"""

SIMULATION = r"""
#include <hip/hip_runtime.h>
#include "block.h"
#include <cfenv>
#include <cstdio>
#include <cstring>
#include <random>

template <class T> bool same(T a, T b) {
  if (a != a && b != b) return true;
  return std::memcmp(&a, &b, sizeof a) == 0;
}

// The CPU's answer in rounding mode `mode`; volatile keeps the compiler from folding it.
template <class T> T reference(int op, T x, T y, int mode) {
  volatile T a = x, b = y;
  std::fesetround(mode);
  T r;
  switch (op) {
    case 0: r = a + b; break;
    case 1: r = a - b; break;
    case 2: r = a * b; break;
    case 3: r = a / b; break;
    case 4: r = T(1) / a; break;
    default: r = std::sqrt(a); break;
  }
  volatile T kept = r;
  std::fesetround(FE_TONEAREST);
  return kept;
}

#define PICK2(P, OP) \
  T P##OP(int m, T x, T y) { \
    return m == 0 ? __##P##OP##_rd(x, y) : m == 1 ? __##P##OP##_ru(x, y) : __##P##OP##_rz(x, y); \
  }
#define PICK1(P, OP) \
  T P##OP(int m, T x) { return m == 0 ? __##P##OP##_rd(x) : m == 1 ? __##P##OP##_ru(x) : __##P##OP##_rz(x); }
#define ROUNDED(P) \
  PICK2(P, add) PICK2(P, sub) PICK2(P, mul) PICK2(P, div) PICK1(P, rcp) PICK1(P, sqrt) \
  T P##ours(int op, int m, T x, T y) { \
    switch (op) { \
      case 0: return P##add(m, x, y); case 1: return P##sub(m, x, y); case 2: return P##mul(m, x, y); \
      case 3: return P##div(m, x, y); case 4: return P##rcp(m, x); default: return P##sqrt(m, x); \
    } \
  }
#define T float
ROUNDED(f)
#undef T
#define T double
ROUNDED(d)
#undef T

const int kModes[3] = {FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};
int failures = 0;

template <class T, class Ours> void check(Ours ours, const char* type, int op, T x, T y) {
  for (int m = 0; m < 3; ++m) {
    const T want = reference(op, x, y, kModes[m]), got = ours(op, m, x, y);
    if (!same(want, got) && failures++ < 10)
      std::printf("%s op %d mode %d: %a, %a: got %a, want %a\n", type, op, m, (double)x, (double)y,
                  (double)got, (double)want);
  }
}

// operands with exponents in [-lo, hi]: their results stay normal for every op
template <class T> T draw(std::mt19937_64& rng, int lo, int hi) {
  std::uniform_real_distribution<double> mantissa(1.0, 2.0);
  std::uniform_int_distribution<int> exponent(-lo, hi), sign(0, 1);
  return T(std::ldexp(mantissa(rng), exponent(rng)) * (sign(rng) ? -1 : 1));
}

int main() {
  std::mt19937_64 rng(12345);
  for (int i = 0; i < 20000; ++i) {
    for (int op = 0; op < 6; ++op) {
      float fx = draw<float>(rng, 40, 40), fy = draw<float>(rng, 40, 40);
      double dx = draw<double>(rng, 300, 300), dy = draw<double>(rng, 300, 300);
      if (op == 1 && i % 3 == 0) { fy = fx * (1 + 0x1p-20f); dy = dx * (1 + 0x1p-45); }  // cancellation
      if (op == 5) { fx = std::fabs(fx); dx = std::fabs(dx); }
      check<float>(fours, "float", op, fx, fy);
      check<double>(dours, "double", op, dx, dy);
    }
  }
  const float fs[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 3.0f, -3.0f, 0x1p127f, -0x1p127f, 1e-3f};
  const double ds[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 3.0, -3.0, 0x1p1023, -0x1p1023, 1e-3};
  for (int op = 0; op < 6; ++op) {
    for (float x : fs) for (float y : fs) if (op != 5 || !(x < 0)) check<float>(fours, "float", op, x, y);
    for (double x : ds) for (double y : ds) if (op != 5 || !(x < 0)) check<double>(dours, "double", op, x, y);
  }
  if (failures) { std::printf("%d results differ\n", failures); return 1; }
  std::puts("ok");
  return 0;
}
"""


@needs_compiler
def test_directed_roundings_match_the_cpu_in_that_mode(tmp_path: Path) -> None:
    block = render("intrinsics/hip_device_intrinsics.h.j2", names=NAMES, clocks=[], default_mhz=1000)
    flags = ("-std=c++17", "-O1", "-frounding-math", "-ffp-contract=off", "-Wno-unknown-pragmas")
    build_and_run(tmp_path, block, {"hip/hip_runtime.h": HIP_RUNTIME}, SIMULATION, flags, timeout=120)
