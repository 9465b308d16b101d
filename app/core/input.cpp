// Input patterns; the random one is a counter-based hash so any element is cheap and portable.
#include "core/input.h"

#include "core/decimal.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string>

namespace stridescope {
namespace {

std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace

double input_value(InputPattern pattern, std::uint64_t index, std::uint64_t seed) {
  switch (pattern) {
    case InputPattern::Ones:
      return 1.0;
    case InputPattern::Iota:
    case InputPattern::BookDot:  // a[i] = i; the second input's 2i is input_of's
                                 // (catalog/request.h)
      return static_cast<double>(index);
    case InputPattern::Uniform:  // 24 random bits: exact in float, so float and double agree
      return static_cast<double>(splitmix64(seed * 0x100000001b3ull + index) >> 40) * 0x1p-24;
    case InputPattern::Custom:  // the request's own values (input_of); never generated
    case InputPattern::Random:
      break;
  }
  return static_cast<double>(splitmix64(seed * 0x100000001b3ull + index) % 10);
}

std::vector<double> parse_value_list(std::string_view text) {
  std::vector<double> values;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t comma = std::min(text.find(',', start), text.size());
    std::string_view item = text.substr(start, comma - start);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    double value = 0;
    if (item.empty() || !read_decimal(item, value) || !std::isfinite(value)) {
      throw std::invalid_argument("'" + std::string(item) +
                                  "' is not a number (write the values as 3,1,4,2 or 0.5,-2,1e3)");
    }
    values.push_back(value);
    if (values.size() > kMaxCustomValues) {
      throw std::invalid_argument("more than " + std::to_string(kMaxCustomValues) +
                                  " values: use a pattern (ones, iota, random, uniform) for more");
    }
    start = comma + 1;
  }
  return values;
}

}  // namespace stridescope
