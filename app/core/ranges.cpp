// Compact range formatting for thread and warp lists.
#include "core/ranges.h"

namespace stridescope {

std::string format_ranges(const std::vector<unsigned>& numbers) {
  if (numbers.empty()) return "none";
  std::string out;
  std::size_t i = 0;
  while (i < numbers.size()) {
    std::size_t j = i;
    while (j + 1 < numbers.size() && numbers[j + 1] == numbers[j] + 1) ++j;
    if (!out.empty()) out += ", ";
    out += std::to_string(numbers[i]);
    if (j > i) out += "\u2013" + std::to_string(numbers[j]);
    i = j + 1;
  }
  return out;
}

}  // namespace stridescope
