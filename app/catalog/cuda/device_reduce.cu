// Launches the untraced (NoProbe) build of each kernel on the GPU, with every CUDA call checked.
#include "catalog/cuda/device_reduce.h"

#include <cuda_runtime.h>

#include "catalog/cuda/cuda_check.h"
#include "catalog/cuda/device_kernels.cuh"
#include "registry.h"
#include "catalog/launch_common.h"

namespace stridescope::cuda {
namespace {

template <typename T>
std::vector<T> block_sums(const std::string& variant, const std::vector<T>& input, unsigned block) {
  DeviceKernel<T> kernel = device_kernel<T, NoProbe>(variant, block);
  if (kernel == nullptr) throw CudaError("no device build of variant '" + variant + "'");
  if (input.empty()) throw CudaError("n = 0: nothing to reduce");
  const VariantInfo* info = find_variant(variant);
  auto n = static_cast<unsigned>(input.size() / info->launch.inputs);  // a, b back to back: dot
  unsigned grid = grid_blocks(info->launch.grid, n, block);
  unsigned slots = block_sum_slots(grid, info->writes_grid_total());
  std::vector<T> sums(slots);
  DeviceArray<T> d_in(input.size()), d_out(slots);
  check(cudaMemcpy(d_in.get(), input.data(), input.size() * sizeof(T), cudaMemcpyHostToDevice),
        "cudaMemcpy(input)");
  check(cudaMemset(d_out.get(), 0, slots * sizeof(T)), "cudaMemset(block sums)");
  kernel<<<grid, block, block * sizeof(T)>>>(d_in.get(), d_out.get(), n);
  check(cudaGetLastError(), "kernel launch");
  check(cudaDeviceSynchronize(), "kernel run");
  check(cudaMemcpy(sums.data(), d_out.get(), slots * sizeof(T), cudaMemcpyDeviceToHost),
        "cudaMemcpy(block sums)");
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

std::vector<double> block_sums_double(const std::string& variant, const std::vector<double>& input,
                                      unsigned block) {
  return block_sums(variant, input, block);
}

double run_once(const std::string& variant, ElementType element_type,
                const std::vector<double>& input, unsigned block) {
  const VariantInfo* info = find_variant(variant);
  if (info == nullptr) throw CudaError("unknown variant '" + variant + "'");
  unsigned grid = grid_blocks(info->launch.grid, input.size() / info->launch.inputs, block);
  auto total = [&](const auto& sums) {
    return grid_result(sums, grid, info->writes_grid_total(), info->launch.op);
  };
  if (element_type == ElementType::Int)
    return total(block_sums_int(variant, std::vector<int>(input.begin(), input.end()), block));
  if (element_type == ElementType::Float) {
    return total(block_sums_float(variant, std::vector<float>(input.begin(), input.end()), block));
  }
  return total(block_sums_double(variant, input, block));
}

}  // namespace stridescope::cuda
