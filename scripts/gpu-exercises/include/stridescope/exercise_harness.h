// The exercise harness's functions for nvcc on a real GPU (scripts/gpu-exercises.sh): the same
// main() the checker appends (`stridescope exercise harness NAME`), built by nvcc and run beside
// compute-sanitizer. Reports print "@@ NAME v0 v1 ..." from device memory; a CUDA error prints
// "@@ cuda-error TEXT". Not used by StrideScope itself (its runtime has its own header).
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

#include "../../../../app/runtime/include/stridescope/exercise_inputs.h"

namespace stridescope_exercise {

inline void check_cuda(const char* where) {
  const cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) {
    std::printf("@@ cuda-error %s: %s\n", where, cudaGetErrorString(e));
    std::exit(4);
  }
}

inline long arg(int argc, char** argv, int k) {
  if (k >= argc) std::exit(3);
  return std::strtol(argv[k], nullptr, 10);
}

template <typename T>
T* to_device(const std::vector<T>& host, const char*) {
  T* device = nullptr;
  cudaMalloc(&device, host.size() * sizeof(T) + (host.empty() ? 1 : 0));
  if (!host.empty())
    cudaMemcpy(device, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice);
  return device;
}

template <typename T>
T* zeros_on_device(std::size_t n, const char*) {
  T* device = nullptr;
  cudaMalloc(&device, n * sizeof(T) + (n == 0 ? 1 : 0));
  cudaMemset(device, 0, n * sizeof(T));
  return device;
}

inline void print_value(double v, bool floating) {
  if (floating) {
    std::printf(" %.17g", v);
  } else {
    std::printf(" %.0f", v);
  }
}

template <typename T>
std::vector<T> from_device(const T* device, std::size_t n) {
  cudaDeviceSynchronize();
  check_cuda("a kernel");
  std::vector<T> host(n);
  if (n) cudaMemcpy(host.data(), device, n * sizeof(T), cudaMemcpyDeviceToHost);
  check_cuda("cudaMemcpy");
  return host;
}

template <typename T>
void report(const char* name, const T* device, std::size_t n) {
  std::printf("@@ %s", name);
  for (const T& v : from_device(device, n)) print_value(double(v), std::is_floating_point<T>::value);
  std::printf("\n");
}

template <typename T>
void report_sum(const char* name, const T* device, std::size_t n) {
  double total = 0;
  for (const T& v : from_device(device, n)) total += double(v);
  std::printf("@@ %s", name);
  print_value(total, std::is_floating_point<T>::value);
  std::printf("\n");
}

template <typename T>
void report_returned(const char* name, T value) {
  cudaDeviceSynchronize();
  check_cuda("a kernel");
  std::printf("@@ %s", name);
  print_value(double(value), std::is_floating_point<T>::value);
  std::printf("\n");
}

template <typename T>
void expect_read(const char*, const T*, std::size_t) {}

}  // namespace stridescope_exercise
