// How the GUI writes a value into a cell.
#include "ui/value_text.h"

#include <cmath>
#include <cstdio>

namespace stridescope {

std::string cell_value_text(double v) {
  char buffer[32];
  if (v == std::floor(v) && std::fabs(v) < 1e15) {
    std::snprintf(buffer, sizeof buffer, "%.0f", v);
  } else {
    std::snprintf(buffer, sizeof buffer, "%.6g", v);
  }
  return buffer;
}

std::string compact_value_text(double v) {
  char buffer[32];
  if (v == std::floor(v) && std::fabs(v) < 1e5) {
    std::snprintf(buffer, sizeof buffer, "%.0f", v);
  } else if (v != 0 && (std::fabs(v) >= 1e5 || std::fabs(v) < 1e-2)) {
    int exponent = static_cast<int>(std::floor(std::log10(std::fabs(v))));
    double mantissa = v / std::pow(10.0, exponent);
    if (std::fabs(mantissa) >= 9.95) {  // 9.97e6 would print as 10.0e6
      mantissa /= 10;
      ++exponent;
    }
    std::snprintf(buffer, sizeof buffer, "%.1fe%d", mantissa, exponent);
  } else {
    std::snprintf(buffer, sizeof buffer, "%.4g", v);
  }
  return buffer;
}

}  // namespace stridescope
