// What an exercise's harness (the main() StrideScope appends to a learner's file of kernels) uses:
// its arguments, device copies of host arrays, and its reports: arrays the runtime reads from device
// memory itself into its record (never from what the program prints), with the elements a host copy
// wrote, and the inputs no kernel read (app/runtime/results.cpp).
#pragma once

#include <string>
#include <type_traits>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "stridescope/exercise_inputs.h"

namespace stridescope_rt {
void report_device(const char* name, const void* device, std::size_t count, unsigned size, int kind,
                   bool sum);
void report_returned(const char* name, const void* value, unsigned size, int kind);
void expect_read(const char* name, const void* device, std::size_t count, unsigned size);
void mark_initial(const void* device, std::size_t bytes);
}  // namespace stridescope_rt

namespace stridescope_exercise {

// 0 a signed integer, 1 an unsigned one, 2 a floating-point number.
template <typename T>
constexpr int kind_of() {
  return std::is_floating_point<T>::value ? 2 : std::is_signed<T>::value ? 0 : 1;
}

// The k-th argument as a number (the case's size, block size, seed, ...).
inline long arg(int argc, char** argv, int k) {
  if (k >= argc) {
    std::fprintf(stderr, "exercise harness: argument %d missing\n", k);
    std::exit(3);
  }
  return std::strtol(argv[k], nullptr, 10);
}

// The harness's buffers are named as the learner's kernel names the parameter they are passed to
// ("in", "out"): an out-of-bounds access and the trace say `out[16]`, not `device[16]`.
template <typename T>
T* named_malloc(std::size_t bytes, const char* name) {
  T* device = nullptr;
  const std::string taken = std::string("&") + name;  // as `cudaMalloc(&out, ...)` spells it
  const ::stridescope_rt::MallocText named{taken.c_str(), nullptr, 0};
  ::stridescope_rt::typed_malloc(&device, bytes, __builtin_return_address(0), false, &named);
  return device;
}

template <typename T>
T* to_device(const std::vector<T>& host, const char* name) {
  T* device = named_malloc<T>(host.size() * sizeof(T) + (host.empty() ? 1 : 0), name);
  if (!host.empty())
    cudaMemcpy(device, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice);
  ::stridescope_rt::mark_initial(device, host.size() * sizeof(T));  // the harness's, not the host's
  return device;
}

// A device array of n elements, all zero.
template <typename T>
T* zeros_on_device(std::size_t n, const char* name) {
  T* device = named_malloc<T>(n * sizeof(T) + (n == 0 ? 1 : 0), name);
  cudaMemset(device, 0, n * sizeof(T));
  ::stridescope_rt::mark_initial(device, n * sizeof(T));
  return device;
}

// The checker's view of device array `device[0..n-1]`, read by the runtime.
template <typename T>
void report(const char* name, const T* device, std::size_t n) {
  ::stridescope_rt::report_device(name, device, n, sizeof(T), kind_of<T>(), false);
}
// The sum (in double) of `device[0..n-1]`: the value the host makes of the kernels' partial sums.
template <typename T>
void report_sum(const char* name, const T* device, std::size_t n) {
  ::stridescope_rt::report_device(name, device, n, sizeof(T), kind_of<T>(), true);
}
// A value a learner's host function returned; the checker wants the last launch to have left it
// on the device.
template <typename T>
void report_returned(const char* name, T value) {
  ::stridescope_rt::report_returned(name, &value, sizeof(T), kind_of<T>());
}
// The checker wants every element of `device[0..n-1]` read by a kernel.
template <typename T>
void expect_read(const char* name, const T* device, std::size_t n) {
  ::stridescope_rt::expect_read(name, device, n, sizeof(T));
}

}  // namespace stridescope_exercise
