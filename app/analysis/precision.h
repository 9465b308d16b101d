// Precision analysis: a result against its float64 reference.
#pragma once

#include <string>

#include "core/domain.h"

namespace stridescope {

struct Precision {
  double absolute = 0;  // |result - reference|
  double relative = 0;  // absolute / |reference| (0 when both are 0)
  double ulps = 0;      // absolute in units of the element type's last place at the reference
};

Precision precision(double result, double reference, ElementType element_type);

// The error as the Step facts say it: whole numbers in full, never shortened ("error 1953 (0.969
// relative)"); floating point with its relative error and ulps ("error 1.2e-05 (6.1e-09 relative,
// 3 ulps)").
std::string error_text(const Precision& error, ElementType element_type);

// Where a relative error sits on a log scale from 1e-10 (0) to 1e-2 (1); 0 for no error. The
// precision bars of the CLI and the GUI both use it.
double log_error_position(double relative);

}  // namespace stridescope
