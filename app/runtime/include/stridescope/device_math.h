// CUDA's device functions beyond <cmath>: integer min/max, the fast-math and rounding intrinsics
// (computed in the ordinary precision: __expf is expf), bit intrinsics, reinterpretations, loads
// through the read-only cache (__ldg and friends: plain loads), fences, and the device clock
// (clock()/clock64(): a count the emulator keeps, see docs/own-programs.md).
#pragma once

#include <math.h>

#include <cmath>
#include <cstdint>
#include <cstring>

// Integer and mixed min/max as CUDA declares them in the global namespace.
#define STRIDESCOPE_MINMAX(T)        \
  inline constexpr T min(T a, T b) { \
    return b < a ? b : a;            \
  }                                  \
  inline constexpr T max(T a, T b) { \
    return a < b ? b : a;            \
  }
STRIDESCOPE_MINMAX(int)
STRIDESCOPE_MINMAX(unsigned int)
STRIDESCOPE_MINMAX(long)
STRIDESCOPE_MINMAX(unsigned long)
STRIDESCOPE_MINMAX(long long)
STRIDESCOPE_MINMAX(unsigned long long)
STRIDESCOPE_MINMAX(float)
STRIDESCOPE_MINMAX(double)
#undef STRIDESCOPE_MINMAX
inline constexpr unsigned int min(int a, unsigned int b) {
  return min(unsigned(a), b);
}
inline constexpr unsigned int min(unsigned int a, int b) {
  return min(a, unsigned(b));
}
inline constexpr unsigned int max(int a, unsigned int b) {
  return max(unsigned(a), b);
}
inline constexpr unsigned int max(unsigned int a, int b) {
  return max(a, unsigned(b));
}
inline constexpr double min(float a, double b) {
  return min(double(a), b);
}
inline constexpr double min(double a, float b) {
  return min(a, double(b));
}
inline constexpr double max(float a, double b) {
  return max(double(a), b);
}
inline constexpr double max(double a, float b) {
  return max(a, double(b));
}
inline constexpr unsigned int umin(unsigned int a, unsigned int b) {
  return min(a, b);
}
inline constexpr unsigned int umax(unsigned int a, unsigned int b) {
  return max(a, b);
}
inline constexpr long long llmin(long long a, long long b) {
  return min(a, b);
}
inline constexpr long long llmax(long long a, long long b) {
  return max(a, b);
}
inline constexpr unsigned long long ullmin(unsigned long long a, unsigned long long b) {
  return min(a, b);
}
inline constexpr unsigned long long ullmax(unsigned long long a, unsigned long long b) {
  return max(a, b);
}

// Fast-math intrinsics: the ordinary functions (a CPU has no faster, less precise ones).
inline float __fdividef(float a, float b) {
  return a / b;
}
inline float fdividef(float a, float b) {
  return a / b;
}
inline float __expf(float x) {
  return expf(x);
}
inline float __exp10f(float x) {
  return powf(10.0f, x);
}
inline float __logf(float x) {
  return logf(x);
}
inline float __log2f(float x) {
  return log2f(x);
}
inline float __log10f(float x) {
  return log10f(x);
}
inline float __sinf(float x) {
  return sinf(x);
}
inline float __cosf(float x) {
  return cosf(x);
}
inline float __tanf(float x) {
  return tanf(x);
}
inline void __sincosf(float x, float* s, float* c) {
  *s = sinf(x), *c = cosf(x);
}
inline float __powf(float x, float y) {
  return powf(x, y);
}
inline float __saturatef(float x) {
  return x < 0.0f ? 0.0f : (x > 1.0f ? 1.0f : (x == x ? x : 0.0f));
}
inline float rsqrtf(float x) {
  return 1.0f / sqrtf(x);
}
inline double rsqrt(double x) {
  return 1.0 / sqrt(x);
}
inline float rcbrtf(float x) {
  return 1.0f / cbrtf(x);
}
inline double rcbrt(double x) {
  return 1.0 / cbrt(x);
}
inline float sinpif(float x) {
  return sinf(3.14159265358979323846f * x);
}
inline float cospif(float x) {
  return cosf(3.14159265358979323846f * x);
}
inline double sinpi(double x) {
  return sin(3.14159265358979323846 * x);
}
inline double cospi(double x) {
  return cos(3.14159265358979323846 * x);
}
inline void sincospif(float x, float* s, float* c) {
  *s = sinpif(x), *c = cospif(x);
}
inline void sincospi(double x, double* s, double* c) {
  *s = sinpi(x), *c = cospi(x);
}
inline float normcdff(float x) {
  return 0.5f * erfcf(-x / sqrtf(2.0f));
}
inline double normcdf(double x) {
  return 0.5 * erfc(-x / sqrt(2.0));
}
inline float __frcp_rn(float x) {
  return 1.0f / x;
}
inline float __fsqrt_rn(float x) {
  return sqrtf(x);
}
inline float __frsqrt_rn(float x) {
  return 1.0f / sqrtf(x);
}
inline double __drcp_rn(double x) {
  return 1.0 / x;
}
inline double __dsqrt_rn(double x) {
  return sqrt(x);
}
#define STRIDESCOPE_ROUNDED(name, T, expr) \
  inline T name##_rn(T a, T b) {           \
    return expr;                           \
  }                                        \
  inline T name##_rz(T a, T b) {           \
    return expr;                           \
  }                                        \
  inline T name##_ru(T a, T b) {           \
    return expr;                           \
  }                                        \
  inline T name##_rd(T a, T b) {           \
    return expr;                           \
  }
STRIDESCOPE_ROUNDED(__fadd, float, a + b)
STRIDESCOPE_ROUNDED(__fsub, float, a - b)
STRIDESCOPE_ROUNDED(__fmul, float, a* b)
STRIDESCOPE_ROUNDED(__fdiv, float, a / b)
STRIDESCOPE_ROUNDED(__dadd, double, a + b)
STRIDESCOPE_ROUNDED(__dsub, double, a - b)
STRIDESCOPE_ROUNDED(__dmul, double, a* b)
STRIDESCOPE_ROUNDED(__ddiv, double, a / b)
#undef STRIDESCOPE_ROUNDED
inline float __fmaf_rn(float a, float b, float c) {
  return fmaf(a, b, c);
}
inline float __fmaf_rz(float a, float b, float c) {
  return fmaf(a, b, c);
}
inline double __fma_rn(double a, double b, double c) {
  return fma(a, b, c);
}
inline double __fma_rz(double a, double b, double c) {
  return fma(a, b, c);
}

// Conversions.
inline int __float2int_rn(float x) {
  return int(nearbyintf(x));
}
inline int __float2int_rz(float x) {
  return int(x);
}
inline int __float2int_ru(float x) {
  return int(ceilf(x));
}
inline int __float2int_rd(float x) {
  return int(floorf(x));
}
inline unsigned __float2uint_rn(float x) {
  return unsigned(nearbyintf(x));
}
inline unsigned __float2uint_rz(float x) {
  return unsigned(x);
}
inline long long __float2ll_rn(float x) {
  return (long long)nearbyintf(x);
}
inline long long __float2ll_rz(float x) {
  return (long long)x;
}
inline int __double2int_rn(double x) {
  return int(nearbyint(x));
}
inline int __double2int_rz(double x) {
  return int(x);
}
inline float __double2float_rn(double x) {
  return float(x);
}
inline float __double2float_rz(double x) {
  return float(x);
}
inline float __int2float_rn(int x) {
  return float(x);
}
inline float __int2float_rz(int x) {
  return float(x);
}
inline float __uint2float_rn(unsigned x) {
  return float(x);
}
inline float __ll2float_rn(long long x) {
  return float(x);
}
inline double __int2double_rn(int x) {
  return double(x);
}
inline double __ll2double_rn(long long x) {
  return double(x);
}
template <typename To, typename From>
inline To stridescope_bits_as(From v) {
  static_assert(sizeof(To) == sizeof(From));
  To out;
  std::memcpy(&out, &v, sizeof out);
  return out;
}
inline float __int_as_float(int x) {
  return stridescope_bits_as<float>(x);
}
inline int __float_as_int(float x) {
  return stridescope_bits_as<int>(x);
}
inline float __uint_as_float(unsigned x) {
  return stridescope_bits_as<float>(x);
}
inline unsigned __float_as_uint(float x) {
  return stridescope_bits_as<unsigned>(x);
}
inline double __longlong_as_double(long long x) {
  return stridescope_bits_as<double>(x);
}
inline long long __double_as_longlong(double x) {
  return stridescope_bits_as<long long>(x);
}
inline int __double2hiint(double x) {
  return int(__double_as_longlong(x) >> 32);
}
inline int __double2loint(double x) {
  return int(__double_as_longlong(x));
}
inline double __hiloint2double(int hi, int lo) {
  return __longlong_as_double((long long)(((unsigned long long)(unsigned)hi << 32) | unsigned(lo)));
}

// Integer intrinsics.
inline int __popc(unsigned x) {
  return __builtin_popcount(x);
}
inline int __popcll(unsigned long long x) {
  return __builtin_popcountll(x);
}
inline int __clz(int x) {
  return x == 0 ? 32 : __builtin_clz(unsigned(x));
}
inline int __clzll(long long x) {
  return x == 0 ? 64 : __builtin_clzll((unsigned long long)x);
}
inline int __ffs(int x) {
  return __builtin_ffs(x);
}
inline int __ffsll(long long x) {
  return __builtin_ffsll(x);
}
inline unsigned __brev(unsigned x) {
  unsigned r = 0;
  for (int i = 0; i < 32; ++i) r |= ((x >> i) & 1u) << (31 - i);
  return r;
}
inline unsigned long long __brevll(unsigned long long x) {
  return ((unsigned long long)__brev(unsigned(x)) << 32) | __brev(unsigned(x >> 32));
}
inline unsigned __byte_perm(unsigned x, unsigned y, unsigned s) {
  const unsigned long long bytes = ((unsigned long long)y << 32) | x;
  unsigned r = 0;
  for (int i = 0; i < 4; ++i)
    r |= unsigned((bytes >> (((s >> (4 * i)) & 7u) * 8)) & 0xffu) << (8 * i);
  return r;
}
inline int __mul24(int x, int y) {
  return ((x << 8) >> 8) * ((y << 8) >> 8);
}
inline unsigned __umul24(unsigned x, unsigned y) {
  return (x & 0xffffffu) * (y & 0xffffffu);
}
inline int __mulhi(int x, int y) {
  return int(((long long)x * y) >> 32);
}
inline unsigned __umulhi(unsigned x, unsigned y) {
  return unsigned(((unsigned long long)x * y) >> 32);
}
inline long long __mul64hi(long long x, long long y) {
  return (long long)(((__int128)x * y) >> 64);
}
inline unsigned long long __umul64hi(unsigned long long x, unsigned long long y) {
  return (unsigned long long)(((unsigned __int128)x * y) >> 64);
}
inline unsigned __sad(int x, int y, unsigned z) {
  return unsigned(x > y ? x - y : y - x) + z;
}
inline unsigned __usad(unsigned x, unsigned y, unsigned z) {
  return (x > y ? x - y : y - x) + z;
}
inline int __hadd(int x, int y) {
  return int(((long long)x + y) >> 1);
}
inline int __rhadd(int x, int y) {
  return int(((long long)x + y + 1) >> 1);
}
inline unsigned __uhadd(unsigned x, unsigned y) {
  return unsigned(((unsigned long long)x + y) >> 1);
}
inline unsigned __urhadd(unsigned x, unsigned y) {
  return unsigned(((unsigned long long)x + y + 1) >> 1);
}
inline unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned shift) {
  return unsigned((((unsigned long long)hi << 32 | lo) << (shift & 31)) >> 32);
}
inline unsigned __funnelshift_lc(unsigned lo, unsigned hi, unsigned shift) {
  return shift >= 32 ? hi : __funnelshift_l(lo, hi, shift);
}
inline unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned shift) {
  return unsigned(((unsigned long long)hi << 32 | lo) >> (shift & 31));
}
inline unsigned __funnelshift_rc(unsigned lo, unsigned hi, unsigned shift) {
  return shift >= 32 ? hi : __funnelshift_r(lo, hi, shift);
}

// Loads and stores with cache hints: ordinary ones.
template <typename T>
inline T __ldg(const T* p) {
  return *p;
}
template <typename T>
inline T __ldcg(const T* p) {
  return *p;
}
template <typename T>
inline T __ldca(const T* p) {
  return *p;
}
template <typename T>
inline T __ldcs(const T* p) {
  return *p;
}
template <typename T>
inline T __ldlu(const T* p) {
  return *p;
}
template <typename T>
inline T __ldcv(const T* p) {
  return *p;
}
template <typename T>
inline void __stwb(T* p, T v) {
  *p = v;
}
template <typename T>
inline void __stcg(T* p, T v) {
  *p = v;
}
template <typename T>
inline void __stcs(T* p, T v) {
  *p = v;
}
template <typename T>
inline void __stwt(T* p, T v) {
  *p = v;
}

// The device clock, per block: in a kernel, clock() and clock64() count the memory accesses,
// barriers and warp collectives the block's threads made so far (x4), so that a program timing
// a piece of a kernel gets a count that grows with the work (not a GPU's cycles). Outside a
// kernel clock() is the C library's.
extern "C" long long stridescope_clock64(void);
inline long long clock64() {
  return stridescope_clock64();
}
inline unsigned long long __globaltimer() {
  return (unsigned long long)stridescope_clock64();
}
inline void __nanosleep(unsigned) {}
namespace stridescope_rt {
[[noreturn]] void trap(int line);
}
#define __trap() ::stridescope_rt::trap(__LINE__)
#define __brkpt() ::stridescope_rt::trap(__LINE__)
