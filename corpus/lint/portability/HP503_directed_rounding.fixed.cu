// hipify-plus-test: compile fails-before
// Interval arithmetic in converted code: each bound rounded outward with CUDA's directed-rounding
// intrinsics (cuda-samples' interval), which HIP declares only under OCML_BASIC_ROUNDED_OPERATIONS.
#include <hip/hip_runtime.h>

// hipify-plus: CUDA device intrinsics that HIP does not declare, defined for hip-clang (CUDA
// builds keep CUDA's own): __fadd_rd, __fadd_ru, __fdiv_rd, __fdiv_ru, __dsub_rz, __dmul_rd,
// __dmul_ru, __drcp_rz, __dsqrt_rd, __dsqrt_ru.
#if defined(__HIP__)
#ifndef HIP_PLUS_ROUNDED_CORE
#define HIP_PLUS_ROUNDED_CORE
// CUDA's directed roundings (_rd down, _ru up, _rz toward zero). HIP declares them only when
// OCML_BASIC_ROUNDED_OPERATIONS is defined, and the device libraries do not have all of them;
// here each is the nearest result, moved one step when its exact error says the exact value lies
// on the other side: the error of a sum (TwoSum) and of a product (fma) is exact, and so is the
// remainder of a correctly rounded quotient or square root (hip-clang's default; not with
// -ffast-math). Results in the subnormal range may be off by one step.
namespace hip_plus_round {
enum mode { down, up, zero };
template <class T> __device__ inline T step(T nearest, T error, mode m) {  // error: exact - nearest, in sign
  if (error == 0 || !__builtin_isfinite(nearest) || (m == zero && nearest == 0)) return nearest;
  const T inf = static_cast<T>(__builtin_huge_val());
  if (m == down || (m == zero && nearest > 0)) return error < 0 ? nextafter(nearest, -inf) : nearest;
  return error > 0 ? nextafter(nearest, inf) : nearest;
}
template <class T> __device__ inline T overflowed(T nearest, T largest, mode m) {  // exact beyond the largest finite
  if (nearest > 0) return m == up ? nearest : largest;
  return m == down ? nearest : -largest;
}
template <class T> __device__ inline T add(T x, T y, T largest, mode m) {
#pragma clang fp contract(off)
  const T s = x + y;
  if (!__builtin_isfinite(s)) return __builtin_isfinite(x) && __builtin_isfinite(y) ? overflowed(s, largest, m) : s;
  if (s == 0) {  // exact: x == -y; IEEE's sum is -0 rounding down, unless both are +0
    const bool both_plus = x == 0 && y == 0 && !__builtin_signbit(x) && !__builtin_signbit(y);
    return m == down && !both_plus ? -static_cast<T>(0) : s;
  }
  const T b = s - x;
  return step(s, (x - (s - b)) + (y - b), m);
}
template <class T> __device__ inline T mul(T x, T y, T largest, mode m) {
#pragma clang fp contract(off)
  const T p = x * y;
  if (!__builtin_isfinite(p)) return __builtin_isfinite(x) && __builtin_isfinite(y) ? overflowed(p, largest, m) : p;
  return step(p, fma(x, y, -p), m);
}
template <class T> __device__ inline T div(T x, T y, T largest, mode m) {
#pragma clang fp contract(off)
  const T q = x / y;
  if (!__builtin_isfinite(q) || !__builtin_isfinite(x) || !__builtin_isfinite(y) || y == 0) {
    return __builtin_isinf(q) && __builtin_isfinite(x) && __builtin_isfinite(y) && y != 0 ? overflowed(q, largest, m) : q;
  }
  const T r = fma(-q, y, x);  // x - q*y, exactly
  return step(q, y > 0 ? r : -r, m);
}
template <class T> __device__ inline T root(T x, mode m) {
#pragma clang fp contract(off)
  const T s = sqrt(x);
  if (!(x > 0) || !__builtin_isfinite(x)) return s;
  return step(s, fma(-s, s, x), m);
}
}  // namespace hip_plus_round
#endif
#if !defined(HIP_PLUS___FADD_RD) && !defined(OCML_BASIC_ROUNDED_OPERATIONS)
#define HIP_PLUS___FADD_RD
__device__ inline float __fadd_rd(float x, float y) {
  return hip_plus_round::add(x, y, __FLT_MAX__, hip_plus_round::down);
}
#endif
#if !defined(HIP_PLUS___FADD_RU) && !defined(OCML_BASIC_ROUNDED_OPERATIONS)
#define HIP_PLUS___FADD_RU
__device__ inline float __fadd_ru(float x, float y) {
  return hip_plus_round::add(x, y, __FLT_MAX__, hip_plus_round::up);
}
#endif
#if !defined(HIP_PLUS___FDIV_RD) && !defined(OCML_BASIC_ROUNDED_OPERATIONS)
#define HIP_PLUS___FDIV_RD
__device__ inline float __fdiv_rd(float x, float y) {
  return hip_plus_round::div(x, y, __FLT_MAX__, hip_plus_round::down);
}
#endif
#if !defined(HIP_PLUS___FDIV_RU) && !defined(OCML_BASIC_ROUNDED_OPERATIONS)
#define HIP_PLUS___FDIV_RU
__device__ inline float __fdiv_ru(float x, float y) {
  return hip_plus_round::div(x, y, __FLT_MAX__, hip_plus_round::up);
}
#endif
#if !defined(HIP_PLUS___DSUB_RZ) && !defined(OCML_BASIC_ROUNDED_OPERATIONS)
#define HIP_PLUS___DSUB_RZ
__device__ inline double __dsub_rz(double x, double y) {
  return hip_plus_round::add(x, -y, __DBL_MAX__, hip_plus_round::zero);
}
#endif
#if !defined(HIP_PLUS___DMUL_RD) && !defined(OCML_BASIC_ROUNDED_OPERATIONS)
#define HIP_PLUS___DMUL_RD
__device__ inline double __dmul_rd(double x, double y) {
  return hip_plus_round::mul(x, y, __DBL_MAX__, hip_plus_round::down);
}
#endif
#if !defined(HIP_PLUS___DMUL_RU) && !defined(OCML_BASIC_ROUNDED_OPERATIONS)
#define HIP_PLUS___DMUL_RU
__device__ inline double __dmul_ru(double x, double y) {
  return hip_plus_round::mul(x, y, __DBL_MAX__, hip_plus_round::up);
}
#endif
#if !defined(HIP_PLUS___DRCP_RZ) && !defined(OCML_BASIC_ROUNDED_OPERATIONS)
#define HIP_PLUS___DRCP_RZ
__device__ inline double __drcp_rz(double x) {
  return hip_plus_round::div(double(1), x, __DBL_MAX__, hip_plus_round::zero);
}
#endif
#if !defined(HIP_PLUS___DSQRT_RD) && !defined(OCML_BASIC_ROUNDED_OPERATIONS)
#define HIP_PLUS___DSQRT_RD
__device__ inline double __dsqrt_rd(double x) { return hip_plus_round::root(x, hip_plus_round::down); }
#endif
#if !defined(HIP_PLUS___DSQRT_RU) && !defined(OCML_BASIC_ROUNDED_OPERATIONS)
#define HIP_PLUS___DSQRT_RU
__device__ inline double __dsqrt_ru(double x) { return hip_plus_round::root(x, hip_plus_round::up); }
#endif
#endif

struct interval { float lo, hi; };
struct interval_d { double lo, hi; };

__device__ interval add(interval a, interval b)
{
    return {__fadd_rd(a.lo, b.lo), __fadd_ru(a.hi, b.hi)};  // expect: HP503, HP503
}

__device__ interval scale_down(interval a, float d)
{
    return {__fdiv_rd(a.lo, d), __fdiv_ru(a.hi, d)};  // expect: HP503, HP503
}

__device__ interval_d root(interval_d a)
{
    return {__dsqrt_rd(a.lo), __dsqrt_ru(a.hi)};  // expect: HP503, HP503
}

__device__ interval_d product(interval_d a, interval_d b)
{
    return {__dmul_rd(a.lo, b.lo), __dmul_ru(a.hi, b.hi)};  // expect: HP503, HP503
}

__global__ void widen(interval* v, const interval_d* w, interval_d* out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        v[i] = scale_down(add(v[i], v[i]), 3.0f);
        out[i] = root(product(w[i], w[i]));
        out[i].lo = __dsub_rz(out[i].lo, __drcp_rz(w[i].hi));  // expect: HP503, HP503
    }
}
