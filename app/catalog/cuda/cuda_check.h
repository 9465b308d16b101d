// Checks a CUDA runtime status and turns a failure into a CudaError naming the call.
#pragma once

#include <cuda_runtime.h>

#include <string>

#include "catalog/cuda/device_reduce.h"

namespace stridescope::cuda {

inline void check(cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    cudaGetLastError();  // clear a non-sticky error so the next call starts clean
    throw CudaError(std::string(what) + " failed: " + cudaGetErrorString(status));
  }
}

// A device allocation freed on scope exit.
template <typename T>
class DeviceArray {
 public:
  explicit DeviceArray(std::size_t count) {
    check(cudaMalloc(&data_, count * sizeof(T) + (count == 0)), "cudaMalloc");
  }
  ~DeviceArray() { cudaFree(data_); }
  DeviceArray(const DeviceArray&) = delete;
  DeviceArray& operator=(const DeviceArray&) = delete;
  T* get() const { return data_; }

 private:
  T* data_ = nullptr;
};

}  // namespace stridescope::cuda
