// The device side of the variant registry: a variant id to its kernel, for one element type and
// probe.
#pragma once

#include <string>

#include "first_add.cuh"
#include "interleaved_divergent.cuh"
#include "interleaved_strided.cuh"
#include "sequential.cuh"
#include "tuned.cuh"

namespace stridescope::cuda {

template <typename T>
using DeviceKernel = void (*)(const T*, T*, unsigned);

// nullptr for an id without a device build.
template <typename T, typename Probe>
DeviceKernel<T> device_kernel(const std::string& variant) {
  if (variant == "interleaved-divergent") return kernels::reduce_interleaved_divergent<T, Probe>;
  if (variant == "interleaved-strided") return kernels::reduce_interleaved_strided<T, Probe>;
  if (variant == "sequential") return kernels::reduce_sequential<T, Probe>;
  if (variant == "first-add") return kernels::reduce_first_add<T, Probe>;
  if (variant == "tuned") return kernels::reduce_tuned<T, Probe>;
  return nullptr;
}

}  // namespace stridescope::cuda
