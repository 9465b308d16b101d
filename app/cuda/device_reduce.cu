// Launches the untraced (NoProbe) build of each kernel on the GPU, with every CUDA call checked.
#include "cuda/device_reduce.h"

#include <cuda_runtime.h>

#include "interleaved_divergent.cuh"
#include "interleaved_strided.cuh"
#include "sequential.cuh"

namespace stridescope::cuda {
namespace {

void check(cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    throw CudaError(std::string(what) + " failed: " + cudaGetErrorString(status));
  }
}

template <typename T>
using DeviceKernel = void (*)(const T*, T*, unsigned);

template <typename T>
DeviceKernel<T> device_kernel(const std::string& variant) {
  if (variant == "interleaved-divergent") return kernels::reduce_interleaved_divergent<T, NoProbe>;
  if (variant == "interleaved-strided") return kernels::reduce_interleaved_strided<T, NoProbe>;
  if (variant == "sequential") return kernels::reduce_sequential<T, NoProbe>;
  throw CudaError("no device build of variant '" + variant + "'");
}

template <typename T>
std::vector<T> block_sums(const std::string& variant, const std::vector<T>& input, unsigned block) {
  DeviceKernel<T> kernel = device_kernel<T>(variant);
  if (input.empty()) throw CudaError("n = 0: nothing to reduce");
  auto n = static_cast<unsigned>(input.size());
  unsigned grid = (n + block - 1) / block;
  T* d_in = nullptr;
  T* d_out = nullptr;
  std::vector<T> sums(grid);
  try {
    check(cudaMalloc(&d_in, input.size() * sizeof(T)), "cudaMalloc(input)");
    check(cudaMalloc(&d_out, grid * sizeof(T)), "cudaMalloc(block sums)");
    check(cudaMemcpy(d_in, input.data(), input.size() * sizeof(T), cudaMemcpyHostToDevice),
          "cudaMemcpy(input)");
    kernel<<<grid, block, block * sizeof(T)>>>(d_in, d_out, n);
    check(cudaGetLastError(), "kernel launch");
    check(cudaDeviceSynchronize(), "kernel run");
    check(cudaMemcpy(sums.data(), d_out, grid * sizeof(T), cudaMemcpyDeviceToHost),
          "cudaMemcpy(block sums)");
  } catch (...) {
    cudaFree(d_in);
    cudaFree(d_out);
    throw;
  }
  cudaFree(d_in);
  cudaFree(d_out);
  return sums;
}

}  // namespace

std::string device_name() {
  int count = 0;
  if (cudaGetDeviceCount(&count) != cudaSuccess || count == 0) {
    cudaGetLastError();  // clear the sticky "no device" status
    return {};
  }
  cudaDeviceProp properties{};
  if (cudaGetDeviceProperties(&properties, 0) != cudaSuccess) return {};
  return properties.name;
}

std::vector<int> block_sums_int(const std::string& variant, const std::vector<int>& input,
                                unsigned block) {
  return block_sums(variant, input, block);
}

std::vector<float> block_sums_float(const std::string& variant, const std::vector<float>& input,
                                    unsigned block) {
  return block_sums(variant, input, block);
}

}  // namespace stridescope::cuda
