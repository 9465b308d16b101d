// Comments, strings and character literals told from code (see source_scan.h).
#include "program/read/source_scan.h"

#include <cctype>

namespace stridescope {

namespace {

// Whether the `'` at `at` separates a number's digits (C++14: 1'024): the token it is in starts
// with a digit (a character literal's prefix, L'x' or u8'x', starts with a letter).
bool digit_separator(const std::string& s, std::size_t at) {
  std::size_t start = at;
  while (start > 0 && (std::isalnum(static_cast<unsigned char>(s[start - 1])) ||
                       s[start - 1] == '_' || s[start - 1] == '.' || s[start - 1] == '\''))
    --start;
  return start < at && std::isdigit(static_cast<unsigned char>(s[start]));
}

}  // namespace

std::vector<bool> code_bytes(const std::string& s) {
  constexpr std::size_t kNone = std::string::npos;
  std::vector<bool> code(s.size(), true);
  for (std::size_t i = 0; i < s.size(); ++i) {
    std::size_t end = i;
    if (s.compare(i, 2, "//") == 0) {
      end = s.find('\n', i);
    } else if (s.compare(i, 2, "/*") == 0) {
      end = s.find("*/", i + 2);
      if (end != kNone) end += 1;
    } else if (s[i] == '\'' && digit_separator(s, i)) {
      continue;  // 1'024: a number, not a character
    } else if (s[i] == '"' || s[i] == '\'') {
      for (end = i + 1; end < s.size() && s[end] != s[i] && s[end] != '\n'; ++end)
        if (s[end] == '\\') ++end;
    } else {
      continue;
    }
    if (end == kNone || end >= s.size()) end = s.size() - 1;
    for (std::size_t k = i; k <= end; ++k) code[k] = false;
    i = end;
  }
  return code;
}

}  // namespace stridescope
