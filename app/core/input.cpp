// Input patterns; the random one is a counter-based hash so any element is cheap and portable.
#include "core/input.h"

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
      return static_cast<double>(index);
    case InputPattern::Uniform:  // 24 random bits: exact in float, so float and double agree
      return static_cast<double>(splitmix64(seed * 0x100000001b3ull + index) >> 40) * 0x1p-24;
    case InputPattern::Custom:  // the request's own values (input_of); never generated
    case InputPattern::Random:
      break;
  }
  return static_cast<double>(splitmix64(seed * 0x100000001b3ull + index) % 10);
}

}  // namespace stridescope
