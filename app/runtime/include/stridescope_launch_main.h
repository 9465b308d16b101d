// The helpers of the main() that `stridescope run --launch` writes for a file of kernels
// (app/program/build/launch_main.cpp): fill an array, copy it to the device, print it back,
// bounded. Included after the user's kernels; not instrumented (STRIDESCOPE_NOT_TRACED), so filling
// and printing large arrays costs nothing per access. STRIDESCOPE_LAUNCH_PRINTED: values printed.
#pragma once

#include <string>

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace stridescope_launch {
enum Init { Iota, Fill, Random, Values };
STRIDESCOPE_NOT_TRACED inline unsigned long long splitmix64(unsigned long long x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
template <typename Element>
STRIDESCOPE_NOT_TRACED Element* make(unsigned long long n, Init init, double v,
                                     unsigned long long seed, const double* values) {
  Element* host = static_cast<Element*>(std::malloc(n * sizeof(Element)));
  for (unsigned long long i = 0; i < n; ++i) {
    const double x = init == Iota     ? double(i)
                     : init == Fill   ? v
                     : init == Random ? double(splitmix64(seed * 0x100000001b3ull + i) % 10)
                                      : values[i];
    host[i] = static_cast<Element>(x);
  }
  return host;
}
// Named as the kernel's parameter it is passed to (`name`): an out-of-bounds access says `out[16]`.
template <typename Element>
STRIDESCOPE_NOT_TRACED Element* to_device(const Element* host, unsigned long long n,
                                          const char* name) {
  Element* dev = nullptr;
  const std::string taken = std::string("&") + name;  // as `cudaMalloc(&out, ...)` spells it
  const ::stridescope_rt::MallocText named{taken.c_str(), nullptr, 0};
  ::stridescope_rt::typed_malloc(&dev, n * sizeof(Element), __builtin_return_address(0), false,
                                 &named);
  cudaMemcpy(dev, host, n * sizeof(Element), cudaMemcpyHostToDevice);
  return dev;
}
STRIDESCOPE_NOT_TRACED inline void show(long long v) {
  std::printf("%lld", v);
}
STRIDESCOPE_NOT_TRACED inline void show(unsigned long long v) {
  std::printf("%llu", v);
}
STRIDESCOPE_NOT_TRACED inline void show(int v) {
  show((long long)v);
}
STRIDESCOPE_NOT_TRACED inline void show(long v) {
  show((long long)v);
}
STRIDESCOPE_NOT_TRACED inline void show(unsigned v) {
  show((unsigned long long)v);
}
STRIDESCOPE_NOT_TRACED inline void show(unsigned long v) {
  show((unsigned long long)v);
}
// The fewest digits that read back as the same value, and no exponent before 10^17 (2000,
// not 2e+03).
STRIDESCOPE_NOT_TRACED inline void show_real(double v, bool as_float) {
  char text[400];
  int digits = 1;
  for (; digits < 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, v);
    const double back = std::strtod(text, nullptr);
    if (as_float ? float(back) == float(v) : back == v) break;
  }
  const double magnitude = std::fabs(v);
  const int whole_digits = magnitude >= 1 ? int(std::floor(std::log10(magnitude))) + 1 : 1;
  if (whole_digits > digits && whole_digits <= 17) digits = whole_digits;
  std::snprintf(text, sizeof text, "%.*g", digits, v);
  std::printf("%s", text);
}
STRIDESCOPE_NOT_TRACED inline void show(float v) {
  show_real(v, true);
}
STRIDESCOPE_NOT_TRACED inline void show(double v) {
  show_real(v, false);
}
inline long long wide(int v) {
  return v;
}
inline long long wide(long v) {
  return v;
}
inline long long wide(long long v) {
  return v;
}
inline unsigned long long wide(unsigned v) {
  return v;
}
inline unsigned long long wide(unsigned long v) {
  return v;
}
inline unsigned long long wide(unsigned long long v) {
  return v;
}
inline double wide(float v) {
  return v;
}
inline double wide(double v) {
  return v;
}
// Copies the array back and prints its first values (and, if there are more, count and
// sum).
template <typename Element>
STRIDESCOPE_NOT_TRACED void print(const char* name, Element* host, const Element* dev,
                                  unsigned long long n) {
  cudaMemcpy(host, dev, n * sizeof(Element), cudaMemcpyDeviceToHost);
  decltype(wide(host[0])) sum = 0;
  std::printf("%s = [", name);
  for (unsigned long long i = 0; i < n; ++i) {
    sum += wide(host[i]);
    if (i >= STRIDESCOPE_LAUNCH_PRINTED) continue;
    if (i > 0) std::printf(", ");
    show(host[i]);
  }
  if (n > STRIDESCOPE_LAUNCH_PRINTED) {
    std::printf(", ... (%llu values, sum ", n);
    show(sum);
    std::printf(")");
  }
  std::printf("]\n");
}
}  // namespace stridescope_launch
