// What an exercise's harness (the main() StrideScope appends to a learner's file of kernels) uses:
// its arguments, device copies of host arrays, and its output lines ("@@ NAME v0 v1 ..."), which
// the checker reads apart from whatever the kernels print.
#pragma once

#include <string>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "stridescope/exercise_inputs.h"

namespace stridescope_exercise {

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
  return device;
}

// A device array of n elements, all zero.
template <typename T>
T* zeros_on_device(std::size_t n, const char* name) {
  T* device = named_malloc<T>(n * sizeof(T) + (n == 0 ? 1 : 0), name);
  cudaMemset(device, 0, n * sizeof(T));
  return device;
}

template <typename T>
std::vector<T> to_host(const T* device, std::size_t n) {
  std::vector<T> host(n);
  if (n) cudaMemcpy(host.data(), device, n * sizeof(T), cudaMemcpyDeviceToHost);
  return host;
}

inline void print_value(int v) {
  std::printf(" %d", v);
}
inline void print_value(unsigned v) {
  std::printf(" %u", v);
}
inline void print_value(long long v) {
  std::printf(" %lld", v);
}
inline void print_value(float v) {
  std::printf(" %.9g", double(v));
}
inline void print_value(double v) {
  std::printf(" %.17g", v);
}

// "@@ name v0 v1 ...": one output array for the checker.
template <typename T>
void report(const char* name, const std::vector<T>& values) {
  std::fflush(stdout);
  std::printf("@@ %s", name);
  for (const T& v : values) print_value(v);
  std::printf("\n");
  std::fflush(stdout);
}

}  // namespace stridescope_exercise
