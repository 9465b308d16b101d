// The inputs of StrideScope's exercises, made the same way by an exercise's harness (compiled into
// the learner's program) and by its checker (app/exercises/, the host reference): plain C++.
#pragma once

#include <cstdint>

namespace stridescope_exercise {

// A well-mixed 32-bit hash of an element's index and a case's seed.
inline std::uint32_t mix(std::uint32_t i, std::uint32_t seed) {
  std::uint32_t x = i * 0x9e3779b9u ^ (seed + 0x7f4a7c15u) * 0x85ebca6bu;
  x ^= x >> 16;
  x *= 0x7feb352du;
  x ^= x >> 15;
  x *= 0x846ca68bu;
  x ^= x >> 16;
  return x;
}

// An integer in [0, 9]: sums of many stay far from overflow and are easy to check by eye.
inline int digit(std::uint32_t i, std::uint32_t seed) {
  return int(mix(i, seed) % 10u);
}

// An integer in [-1000, 1000] (max and argmax).
inline int signed_value(std::uint32_t i, std::uint32_t seed) {
  return int(mix(i, seed) % 2001u) - 1000;
}

// A float in [0, 1) with 24 bits (exact in float and double).
inline float unit_float(std::uint32_t i, std::uint32_t seed) {
  return float(mix(i, seed) >> 8) * (1.0f / 16777216.0f);
}

// max-argmax's inputs: mode 0 integers from -100 to 100 (many ties), 1 all negative (-201 to -1:
// a maximum that starts at 0 is wrong), 2 all equal (the first index wins), 3 digits 0 to 9 (the
// maximum at a hundred indices, held by many threads: a tree that ignores the tie rule ends at
// a larger index).
inline int max_input(std::uint32_t i, int mode) {
  const int v = signed_value(i, 12) / 10;
  if (mode == 3) return digit(i, 13);
  return mode == 1 ? v - 101 : mode == 2 ? 7 : v;
}

}  // namespace stridescope_exercise
