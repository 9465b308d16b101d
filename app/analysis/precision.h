// Precision analysis: a result against its float64 reference.
#pragma once

#include "core/domain.h"

namespace stridescope {

struct Precision {
  double absolute = 0;  // |result - reference|
  double relative = 0;  // absolute / |reference| (0 when both are 0)
  double ulps = 0;      // absolute in units of the element type's last place at the reference
};

Precision precision(double result, double reference, ElementType element_type);

// Where a relative error sits on a log scale from 1e-10 (0) to 1e-2 (1); 0 for no error. The
// precision bars of the CLI and the GUI both use it.
double log_error_position(double relative);

}  // namespace stridescope
