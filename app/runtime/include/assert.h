// `#include <assert.h>` (or <cassert>) in a file run by `stridescope run`: the C library's header,
// then assert() as CUDA has it in a kernel: the message names the block and the thread, the thread
// stops, the launch ends, and the CUDA error becomes "device-side assert triggered". In host code
// it is the C library's assert. (No include guard: like the C header, it may be included again
// with NDEBUG changed.)
#include_next <assert.h>

#ifndef __CUDA__
#undef assert
#ifdef NDEBUG
#define assert(expression) (static_cast<void>(0))
#else
namespace stridescope_rt {
[[noreturn]] void assert_failed(const char* expression, const char* file, unsigned line,
                                const char* function);
}
#define assert(expression)       \
  (static_cast<bool>(expression) \
       ? static_cast<void>(0)    \
       : ::stridescope_rt::assert_failed(#expression, __FILE__, __LINE__, __PRETTY_FUNCTION__))
#endif
#endif
