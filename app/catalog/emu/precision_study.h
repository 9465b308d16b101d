// The precision study: one large float input summed by a serial loop, by every correct variant of
// the catalog (on the emulator), and in double, each against the float64 reference.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "analysis/precision.h"
#include "core/domain.h"

namespace stridescope {

// How a row sums: one CPU loop, a tree of the catalog, a tree after Kahan's compensated sums, or a
// tree in double.
enum class Summation { SerialLoop, Tree, Compensated, Double };

struct PrecisionRow {
  Summation summation = Summation::Tree;
  std::string label;    // "serial loop", or the variant's title
  std::string variant;  // "" for the serial loop
  ElementType element_type = ElementType::Float;
  double result = 0;
  Precision error;
  double bar = 0;  // the relative error on a log scale, 0..1 (log_error_position)
};

struct PrecisionStudy {
  std::uint64_t n = 0;
  std::uint64_t seed = 0;
  unsigned block = 0;
  double reference = 0;  // float64 sum of the input
  std::vector<PrecisionRow> rows;
};

// Input "uniform" (floats in [0, 1)); n up to the emulator's limit. Throws RunError on bad n.
PrecisionStudy precision_study(std::uint64_t n, std::uint64_t seed, unsigned block = 256);

}  // namespace stridescope
