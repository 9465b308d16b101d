// The variant registry: every variant of catalog.def with its description and its kernel compiled
// for the CPU emulator.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "variant_info.h"

namespace stridescope {

template <typename T>
using EmulatedKernel = void (*)(const T* in, T* block_sums, unsigned n);

// The variant's kernel instantiated with the CPU emulator's probe, one per element type. Each one
// picks the kernel's instance for the running block's blockDim.x (template block sizes).
struct EmulatedKernels {
  EmulatedKernel<int> int_kernel;
  EmulatedKernel<float> float_kernel;
  EmulatedKernel<double> double_kernel;
};

struct VariantInfo : VariantDescription {
  EmulatedKernels emulate;
};

// Which block of a launch of `grid` blocks reads input element `element` (the grid policy's
// layout: chunks of blockDim.x or 2 x blockDim.x elements, dealt out grid-stride where it is).
unsigned block_reading(const VariantInfo& variant, std::uint64_t element, unsigned block,
                       unsigned grid);

std::span<const VariantInfo> variant_catalog();
const VariantInfo* find_variant(std::string_view id);  // nullptr if unknown

// The text of a file in kernels/, embedded at build time ("" if unknown).
std::string_view kernel_source(std::string_view file_name);

// The variant's kernel text as a student reads it: its file without the catalog entries at its
// foot.
std::string_view kernel_text(const VariantInfo& variant);

}  // namespace stridescope
