// The one line every error of StrideScope is (error_line.h).
#include "core/error_line.h"

namespace stridescope {

std::string error_line(std::string_view what) {
  std::string line(kErrorPrefix);
  for (const char c : what) line += (c == '\n' || c == '\r') ? ' ' : c;
  while (line.size() > kErrorPrefix.size() && line.back() == ' ') line.pop_back();
  return line + "\n";
}

}  // namespace stridescope
