// memset and memcpy called in a kernel: every 4-byte piece is an access that the bounds checks, the
// race checks and the trace see, at the caller's line (the C library's own copies are not
// instrumented: a memset past a __shared__ array went unseen). On the host, the C library's. The
// user's file (after <cstring>, which qualifiers.h includes first) calls these through two macros;
// std::memset and ::memcpy find them too. Not in the runtime's own build, nor in a file that declares
// a memset or memcpy of its own (STRIDESCOPE_NO_MEMORY_MACROS, program/build/program_build.cpp).
#pragma once

#if !defined(STRIDESCOPE_RUNTIME_BUILD) && !defined(STRIDESCOPE_NO_MEMORY_MACROS)
namespace stridescope_rt {
bool in_kernel_now();
void bytes_access(const void* p, unsigned size, char kind, void* pc);
}  // namespace stridescope_rt

STRIDESCOPE_NOT_TRACED inline void* stridescope_memset(void* dst, int value, std::size_t n) {
  if (!::stridescope_rt::in_kernel_now()) return __builtin_memset(dst, value, n);
  void* pc = __builtin_return_address(0);
  auto* d = static_cast<unsigned char*>(dst);
  for (std::size_t i = 0; i < n; i += 4) {
    const unsigned k = n - i < 4 ? unsigned(n - i) : 4u;
    ::stridescope_rt::bytes_access(d + i, k, 'w', pc);
    __builtin_memset(d + i, value, k);
  }
  return dst;
}

STRIDESCOPE_NOT_TRACED inline void* stridescope_memcpy(void* dst, const void* src, std::size_t n) {
  if (!::stridescope_rt::in_kernel_now()) return __builtin_memcpy(dst, src, n);
  void* pc = __builtin_return_address(0);
  auto* d = static_cast<unsigned char*>(dst);
  const auto* s = static_cast<const unsigned char*>(src);
  for (std::size_t i = 0; i < n; i += 4) {
    const unsigned k = n - i < 4 ? unsigned(n - i) : 4u;
    ::stridescope_rt::bytes_access(s + i, k, 'r', pc);
    ::stridescope_rt::bytes_access(d + i, k, 'w', pc);
    __builtin_memcpy(d + i, s + i, k);
  }
  return dst;
}

namespace std {
using ::stridescope_memcpy;
using ::stridescope_memset;
}  // namespace std

#define memset stridescope_memset
#define memcpy stridescope_memcpy
#endif
