// The runtime's entry points that a user's kernels call (stridescope_cuda.h) beside the hot ones
// (barriers, collectives, atomics: worker.cpp): __trap(), assert, and the C library functions a
// kernel uses differently from host code: printf (collected per block and printed in block order
// after the launch, as a GPU prints at the next synchronization), assert (CUDA's message; the
// launch ends and the error is sticky) and clock (the block's count of memory accesses and
// barriers; see device_math.h).
#include <errno.h>

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "program.h"
#include "worker.h"

namespace stridescope_rt {

namespace {
Worker& in_kernel(const char* what, int line) {
  Worker* w = Worker::current();
  if (w == nullptr || !w->in_kernel())
    Program::get().fail(std::string(what) + " at line " + std::to_string(line) +
                        " was called outside a kernel");
  return *w;
}
}  // namespace

[[noreturn]] void assert_failed(const char* expression, const char* file, unsigned line,
                                const char* function) {
  if (Worker* w = Worker::current(); w != nullptr && w->in_kernel())
    w->kernel_assert(expression, file, line, function);
  std::fflush(stdout);
  std::fprintf(stderr, "%s: %s:%u: %s: Assertion `%s' failed.\n", program_invocation_short_name,
               file, line, function, expression);
  std::abort();
}

void trap(int line) {
  Worker& w = in_kernel("__trap()", line);
  Program::get().fail(w.who(w.running_thread()) + " called __trap() at line " +
                      std::to_string(line) + " (on a GPU: unspecified launch failure)");
}

int site_vprintf(const void* site, const void* frame, const char* format, va_list args) {
  Worker* w = Worker::current();
  if (w == nullptr || !w->in_kernel()) return std::vprintf(format, args);
  va_list copy;
  va_copy(copy, args);
  const int n = std::vsnprintf(nullptr, 0, format, copy);
  va_end(copy);
  w->kernel_printf(format, args, site, frame);
  return n;
}

}  // namespace stridescope_rt

using stridescope_rt::Worker;

extern "C" {

int printf(const char* format, ...) {
  va_list args;
  va_start(args, format);
  // A call the rewrite did not name (written in a macro, or in a host file): told by its format.
  const int n = stridescope_rt::site_vprintf(format, __builtin_frame_address(0), format, args);
  va_end(args);
  return n;
}

clock_t clock(void) {
  if (Worker* w = Worker::current(); w != nullptr && w->in_kernel())
    return clock_t(w->read_clock());
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return clock_t(t.tv_sec) * CLOCKS_PER_SEC + clock_t(t.tv_nsec / (1000000000 / CLOCKS_PER_SEC));
}

long long stridescope_clock64(void) {
  if (Worker* w = Worker::current(); w != nullptr && w->in_kernel()) return w->read_clock();
  return (long long)clock();
}

}  // extern "C"
