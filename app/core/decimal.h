// Reads a whole text as a decimal floating-point number, as std::from_chars does (no leading
// spaces or '+', no hexadecimal). emscripten's libc++ has no floating-point from_chars: there,
// strtod in the "C" locale (the app never sets another) with from_chars's refusals checked first.
#pragma once

#include <cctype>
#include <charconv>
#include <cstdlib>
#include <string>
#include <string_view>

namespace stridescope {

// True when all of `text` is one number (inf and nan included: callers refuse what they must).
inline bool read_decimal(std::string_view text, double& value) {
#if defined(__EMSCRIPTEN__)
  if (text.empty() || text.front() == '+' ||
      std::isspace(static_cast<unsigned char>(text.front())) ||
      text.find_first_of("xX") != std::string_view::npos)
    return false;
  const std::string copy(text);
  char* end = nullptr;
  value = std::strtod(copy.c_str(), &end);
  return end == copy.c_str() + copy.size();
#else
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size();
#endif
}

}  // namespace stridescope
