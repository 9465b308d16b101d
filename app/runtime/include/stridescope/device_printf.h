// A kernel's printf, named by its place: the rewrite turns each printf call written in device code
// into site_printf<N> (N: the call's place in the file), so two calls of one format are told apart
// and a call the compiler copies into two paths stays one (app/runtime/printf_order.h).
#pragma once

#include <cstdarg>

namespace stridescope_rt {

// printf at `site` (one address per place), called from the frame `frame` (the order of a warp's
// lines walks up from it); host code prints at once, as printf.
int site_vprintf(const void* site, const void* frame, const char* format, va_list args);

template <unsigned Place>
STRIDESCOPE_NOT_TRACED __attribute__((format(printf, 1, 2))) int site_printf(const char* format,
                                                                             ...) {
  static const char site = 0;
  va_list args;
  va_start(args, format);
  const int n = site_vprintf(&site, __builtin_frame_address(0), format, args);
  va_end(args);
  return n;
}

}  // namespace stridescope_rt
