// Precision analysis: a result against its float64 reference.
#pragma once

#include <string_view>

namespace stridescope {

struct Precision {
  double absolute = 0;  // |result - reference|
  double relative = 0;  // absolute / |reference| (0 when both are 0)
  double ulps = 0;      // absolute in units of the element type's last place at the reference
};

Precision precision(double result, double reference, std::string_view element_type);

}  // namespace stridescope
