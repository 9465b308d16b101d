// A block's shared memory as the trace holds it: `count` elements of type T from raw bytes, each
// as a double (the emulator's recorder and the CUDA backend's tracer both read their bytes so).
#pragma once

#include <cstddef>
#include <cstring>
#include <vector>

namespace stridescope {

template <typename T>
std::vector<double> word_values(const void* bytes, std::size_t count) {
  std::vector<double> values(count);
  const auto* from = static_cast<const unsigned char*>(bytes);
  for (std::size_t w = 0; w < count; ++w) {
    T value;
    std::memcpy(&value, from + w * sizeof(T), sizeof(T));
    values[w] = static_cast<double>(value);
  }
  return values;
}

}  // namespace stridescope
