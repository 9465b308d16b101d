// Input patterns for a run: all ones, 0..n-1, small random integers, uniform floats in [0, 1), or
// the book's dot-product input (a[i] = i; its b[i] = 2i comes from input_of in catalog/request.h).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "core/domain.h"

namespace stridescope {

// Element i of the pattern; Random gives integers 0..9 from a splitmix64 stream of `seed`,
// Uniform numbers in [0, 1) with 24 random bits (exact in float) from the same stream.
double input_value(InputPattern pattern, std::uint64_t index, std::uint64_t seed);

// A custom input written as numbers separated by commas ("3,1,4,2", "0.5, -2, 1e3"): at most
// kMaxCustomValues finite numbers; throws std::invalid_argument saying what is wrong.
inline constexpr std::size_t kMaxCustomValues = 1u << 16;
std::vector<double> parse_value_list(std::string_view text);

template <typename T>
std::vector<T> make_input(InputPattern pattern, std::uint64_t n, std::uint64_t seed) {
  std::vector<T> values(n);
  for (std::uint64_t i = 0; i < n; ++i) values[i] = static_cast<T>(input_value(pattern, i, seed));
  return values;
}

}  // namespace stridescope
