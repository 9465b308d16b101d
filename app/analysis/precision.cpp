// Precision analysis: absolute, relative and ulp error of a result.
#include "analysis/precision.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "core/format.h"

namespace stridescope {

Precision precision(double result, double reference, ElementType element_type) {
  Precision p;
  p.absolute = std::fabs(result - reference);
  p.relative =
      reference != 0 ? p.absolute / std::fabs(reference) : (p.absolute == 0 ? 0 : INFINITY);
  double ulp = 1.0;
  if (element_type == ElementType::Float) {
    float r = std::fabs(static_cast<float>(reference));
    ulp = std::nextafter(r, std::numeric_limits<float>::infinity()) - r;
  } else if (element_type == ElementType::Double) {
    double r = std::fabs(reference);
    ulp = std::nextafter(r, std::numeric_limits<double>::infinity()) - r;
  }
  p.ulps = p.absolute / ulp;
  return p;
}

}  // namespace stridescope

namespace stridescope {

double log_error_position(double relative) {
  if (!(relative > 0)) return 0;
  return std::clamp((std::log10(relative) + 10.0) / 8.0, 0.0, 1.0);
}

std::string error_text(const Precision& e, ElementType type) {
  char relative[32];
  std::snprintf(relative, sizeof relative, "%.3g relative", e.relative);
  if (type == ElementType::Int) return "error " + value_text(e.absolute) + " (" + relative + ")";
  char line[160];
  std::snprintf(line, sizeof line, "error %.3g (%s, %.3g ulps)", e.absolute, relative, e.ulps);
  return line;
}

}  // namespace stridescope
