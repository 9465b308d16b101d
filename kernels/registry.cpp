// The variant registry: the rows of catalog.def, each with its kernel instantiated for the CPU
// emulator's probe.
#include "registry.h"

#include <algorithm>

#include "all_kernels.h"  // generated: every kernel file

namespace stridescope {
namespace {

// Runs on an emulated thread: the entry's kernel for this launch's block size.
template <typename Entry, typename T>
void emulate(const T* in, T* block_sums, unsigned n) {
  Entry::template kernel<T, EmulatorProbe>(blockDim.x)(in, block_sums, n);
}

template <typename Entry>
constexpr VariantInfo row() {
  return {Entry::description,
          {&emulate<Entry, int>, &emulate<Entry, float>, &emulate<Entry, double>}};
}

// Built at compile time: no static-initialisation order to worry about.
constexpr VariantInfo kCatalog[] = {
#define SS_VARIANT(entry) row<kernels::entry>(),
#include "catalog.def"
#undef SS_VARIANT
};

}  // namespace

unsigned grid_blocks(GridPolicy policy, std::uint64_t n, unsigned block) {
  std::uint64_t b = block;
  switch (policy) {
    case GridPolicy::OneBlockPerChunk:
      return static_cast<unsigned>((n + b - 1) / b);
    case GridPolicy::TwoPerThread:
      return static_cast<unsigned>((n + 2 * b - 1) / (2 * b));
    case GridPolicy::GridStride:
    case GridPolicy::GridStridePairs:
      return static_cast<unsigned>(std::clamp<std::uint64_t>((n + 16 * b - 1) / (16 * b), 1, 1024));
    case GridPolicy::BookDot:
      return static_cast<unsigned>(std::min<std::uint64_t>(32, (n + b - 1) / b));
  }
  return 1;
}

unsigned block_reading(const VariantInfo& variant, std::uint64_t element, unsigned block,
                       unsigned grid) {
  if (grid == 0) return 0;
  GridPolicy policy = variant.launch.grid;
  bool pairs = policy == GridPolicy::TwoPerThread || policy == GridPolicy::GridStridePairs;
  bool strided = policy == GridPolicy::GridStride || policy == GridPolicy::GridStridePairs ||
                 policy == GridPolicy::BookDot;
  std::uint64_t index = element / (pairs ? 2ull * block : block);
  if (strided) index %= grid;
  return static_cast<unsigned>(std::min<std::uint64_t>(index, grid - 1));
}

std::span<const VariantInfo> variant_catalog() {
  return kCatalog;
}

const VariantInfo* find_variant(std::string_view id) {
  auto it = std::find_if(std::begin(kCatalog), std::end(kCatalog),
                         [&](const VariantInfo& v) { return v.id == id; });
  return it == std::end(kCatalog) ? nullptr : &*it;
}

std::string_view kernel_text(const VariantInfo& variant) {
  std::string_view text = kernel_source(variant.source_file);
  std::size_t marker = text.find(kCatalogEntryMarker);
  if (marker == std::string_view::npos) return text;
  std::string_view kernel = text.substr(0, marker);
  while (kernel.size() >= 2 && kernel.substr(kernel.size() - 2) == "\n\n") kernel.remove_suffix(1);
  return kernel;  // ends with the line before the marker and its newline, as the file did
}

}  // namespace stridescope
