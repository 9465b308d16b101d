// Text formatting shared by the GUI and the CLI.
#include "core/format.h"

namespace stridescope {

std::string printf_literal(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char c : text) {
    out += c;
    if (c == '%') out += '%';
  }
  return out;
}

}  // namespace stridescope
