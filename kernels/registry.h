// The variant registry: one row per reduction variant, with what it teaches and how to emulate it.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

namespace stridescope {

template <typename T>
using EmulatedKernel = void (*)(const T* in, T* block_sums, unsigned n);

// Blocks to launch for n elements (the traced and emulated launch shape).
using GridRule = unsigned (*)(std::uint64_t n, unsigned block);
unsigned one_block_per_chunk(std::uint64_t n, unsigned block);  // ceil(n / block)
unsigned two_per_thread(std::uint64_t n, unsigned block);       // ceil(n / 2 block)
unsigned grid_stride_blocks(std::uint64_t n, unsigned block);   // ceil(n / 16 block), 1..1024
unsigned book_dot_blocks(std::uint64_t n, unsigned block);      // min(32, ceil(n / block))

// The variant's kernel instantiated with the CPU emulator's probe, one per element type.
struct EmulatedKernels {
  EmulatedKernel<int> int_kernel;
  EmulatedKernel<float> float_kernel;
  EmulatedKernel<double> double_kernel;
};

struct VariantInfo {
  std::string_view id;           // command-line name
  std::string_view title;        // shown in menus
  std::string_view teaches;      // one sentence: the lesson
  std::string_view reference;    // Harris's slides or the book's chapter
  std::string_view source_file;  // the kernel file in kernels/, shown in the source panel
  std::string_view step_rule;    // what an active thread does in one reduction step
  EmulatedKernels emulate;
  unsigned min_block = 2;  // smallest block size it supports (a power of two)
  GridRule grid = one_block_per_chunk;
  bool writes_grid_total = false;  // true: block_sums has grid + 2 slots, [grid] is the total
  // Bug playground: what is broken on purpose and what to watch for ("" for a correct variant).
  std::string_view broken_on_purpose = {};
  bool any_block_size = false;   // false: powers of two only
  unsigned suggested_block = 0;  // the block size the GUI picks for it (0: keep the current one)
  bool result_in_word0 = true;   // the block's sum ends in s[0] (false: in a register)
  bool stops_at_divergence = false;  // never launched on a GPU for a trace: it would hang
  bool timing_dependent = false;     // races: a GPU's result and trace depend on timing
  // 1: the input is n elements; 2: two vectors a and b of n elements, back to back in `in`.
  unsigned inputs = 1;
  std::string_view op = "sum";  // what it computes: "sum", or "dot" (sum of a[i] * b[i])
  // How its block results become one: "host", "relaunch", or for kernels that write the grid
  // total themselves "last block" / "atomic lock".
  std::string_view second_stage = "host";
  std::string_view suggested_type = {};  // the element type the GUI picks for it ("": keep)
};

// Which block of a launch of `grid` blocks reads input element `element` (the grid rule's layout:
// chunks of blockDim.x or 2 x blockDim.x elements, dealt out grid-stride where the rule is).
unsigned block_reading(const VariantInfo& variant, std::uint64_t element, unsigned block,
                       unsigned grid);

std::span<const VariantInfo> variant_catalog();
const VariantInfo* find_variant(std::string_view id);  // nullptr if unknown

// The text of a file in kernels/, embedded at build time ("" if unknown).
std::string_view kernel_source(std::string_view file_name);

}  // namespace stridescope
