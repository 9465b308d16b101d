// Overflow analysis: a true result the element type cannot hold, and what the arithmetic made of
// it.
#pragma once

#include <optional>
#include <string>

#include "core/domain.h"

namespace stridescope {

struct Overflow {
  ElementType type = ElementType::Int;
  double largest = 0;     // the largest value the type holds
  double reference = 0;   // the true (float64) result
  double wrapped = 0;     // the reference wrapped around to 32 bits (int only; else the reference)
  bool explains = false;  // the result is exactly the wrapped reference
  std::string sentence;   // the whole finding, for people
};

// Set when the reference lies outside what `type` holds: int past 2^31 - 1 (or below -2^31),
// float past its largest finite value. Max and min never leave the range of their input.
std::optional<Overflow> overflow(double result, double reference, ElementType type, Operator op);

// The reference wrapped to a 32-bit two's-complement int, as int additions compute it.
double wrap_to_int32(double reference);

}  // namespace stridescope
