// The device side of the variant registry: a variant id to its kernel, for one element type and
// probe, from the same catalog.def as the CPU registry.
#pragma once

#include <string_view>

#include "all_kernels.h"  // generated: every kernel file

namespace stridescope::cuda {

template <typename T>
using DeviceKernel = void (*)(const T*, T*, unsigned);

// nullptr for an id without a device build (or a block size its template has no instance for).
template <typename T, typename Probe>
DeviceKernel<T> device_kernel(std::string_view variant, unsigned block) {
#define SS_VARIANT(entry)                                    \
  if (variant == kernels::entry::description.id) {           \
    return kernels::entry::template kernel<T, Probe>(block); \
  }
#include "catalog.def"
#undef SS_VARIANT
  return nullptr;
}

}  // namespace stridescope::cuda
