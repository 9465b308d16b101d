// What the exercises' host references share: the harness's inputs (made as the harness makes them)
// and a few ways to state an expected array.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "exercises/exercise.h"
#include "runtime/include/stridescope/exercise_inputs.h"

namespace stridescope::exercise_inputs {

using stridescope_exercise::digit;
using stridescope_exercise::signed_value;
using stridescope_exercise::unit_float;

inline std::vector<double> digits(std::size_t n, std::uint32_t seed) {
  std::vector<double> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = digit(std::uint32_t(i), seed);
  return v;
}

inline ExpectedArray exact(std::string name, std::vector<double> values) {
  return {std::move(name), std::move(values), 0};
}
inline ExpectedArray within(std::string name, std::vector<double> values, double tolerance) {
  return {std::move(name), std::move(values), tolerance};
}
// One value ("sum"), exact (tolerance 0) or within a tolerance.
inline ExpectedArray scalar(std::string name, double value, double tolerance = 0) {
  return {std::move(name), {value}, tolerance, true};
}

// Sums of consecutive slices of `per` values (the last may be shorter): each block's sum.
inline std::vector<double> slice_sums(const std::vector<double>& v, std::size_t per) {
  std::vector<double> out((v.size() + per - 1) / per, 0.0);
  for (std::size_t i = 0; i < v.size(); ++i) out[i / per] += v[i];
  return out;
}

}  // namespace stridescope::exercise_inputs
