// Input patterns; the random one is a counter-based hash so any element is cheap and portable.
#include "core/input.h"

#include <algorithm>

namespace stridescope {
namespace {
constexpr std::string_view kPatterns[] = {"ones", "iota", "random", "uniform"};

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}
}  // namespace

std::span<const std::string_view> input_patterns() {
  return kPatterns;
}

bool is_input_pattern(std::string_view name) {
  return std::find(std::begin(kPatterns), std::end(kPatterns), name) != std::end(kPatterns);
}

double input_value(std::string_view pattern, std::uint64_t index, std::uint64_t seed) {
  if (pattern == "ones") return 1.0;
  if (pattern == "iota") return static_cast<double>(index);
  if (pattern == "uniform") {  // 24 random bits: exact in float, so float and double agree
    return static_cast<double>(splitmix64(seed * 0x100000001b3ull + index) >> 40) * 0x1p-24;
  }
  return static_cast<double>(splitmix64(seed * 0x100000001b3ull + index) % 10);
}

}  // namespace stridescope
