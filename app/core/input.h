// Input patterns for a run: all ones, 0..n-1, small random integers, or uniform floats in [0, 1).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace stridescope {

std::span<const std::string_view> input_patterns();  // "ones", "iota", "random", "uniform"
bool is_input_pattern(std::string_view name);

// Element i of the pattern; "random" gives integers 0..9 from a splitmix64 stream of `seed`,
// "uniform" numbers in [0, 1) with 24 random bits (exact in float) from the same stream.
double input_value(std::string_view pattern, std::uint64_t index, std::uint64_t seed);

template <typename T>
std::vector<T> make_input(std::string_view pattern, std::uint64_t n, std::uint64_t seed) {
  std::vector<T> values(n);
  for (std::uint64_t i = 0; i < n; ++i) values[i] = static_cast<T>(input_value(pattern, i, seed));
  return values;
}

}  // namespace stridescope
