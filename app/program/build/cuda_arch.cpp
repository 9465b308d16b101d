// The host pass's tests of __CUDA_ARCH__ made true in a source (see cuda_arch.h).
#include "program/build/cuda_arch.h"

#include <cctype>
#include <string_view>

namespace stridescope {

namespace {

constexpr std::string_view kArch = "__CUDA_ARCH__";
constexpr std::string_view kNeverDefined = "__NO_ARCH_ON_";  // as long as kArch
static_assert(kArch.size() == kNeverDefined.size());

bool is_name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// The position after the blanks from `at` in `line`.
std::size_t skip_blanks(std::string_view line, std::size_t at) {
  while (at < line.size() && (line[at] == ' ' || line[at] == '\t')) ++at;
  return at;
}

// Whether the `__CUDA_ARCH__` at `at` in a directive `line` is tested for being undefined:
// `#ifndef __CUDA_ARCH__`, or `!defined(__CUDA_ARCH__)` / `!defined __CUDA_ARCH__`.
bool tested_as_undefined(std::string_view line, std::size_t at) {
  std::size_t k = at;
  while (k > 0 && (line[k - 1] == ' ' || line[k - 1] == '\t' || line[k - 1] == '(')) --k;
  std::string_view before = line.substr(0, k);
  if (before.size() >= 7 && before.substr(before.size() - 7) == "defined") {
    std::size_t j = before.size() - 7;
    while (j > 0 && (line[j - 1] == ' ' || line[j - 1] == '\t')) --j;
    return j > 0 && line[j - 1] == '!';
  }
  std::size_t hash = skip_blanks(line, 0);
  if (hash >= line.size() || line[hash] != '#') return false;
  const std::size_t word = skip_blanks(line, hash + 1);
  return line.substr(word, 6) == "ifndef" && skip_blanks(line, word + 6) == at;
}

}  // namespace

std::string with_host_tests_true(const std::string& source) {
  std::string out = source;
  std::size_t begin = 0;
  while (begin < out.size()) {
    std::size_t end = out.find('\n', begin);
    if (end == std::string::npos) end = out.size();
    std::string_view line(out.data() + begin, end - begin);
    const std::size_t hash = skip_blanks(line, 0);
    if (hash < line.size() && line[hash] == '#') {
      for (std::size_t at = line.find(kArch); at != std::string_view::npos;
           at = line.find(kArch, at + kArch.size())) {
        const bool whole =
            (at == 0 || !is_name_char(line[at - 1])) &&
            (at + kArch.size() == line.size() || !is_name_char(line[at + kArch.size()]));
        if (whole && tested_as_undefined(line, at))
          out.replace(begin + at, kArch.size(), kNeverDefined);
      }
    }
    begin = end + 1;
  }
  return out;
}

}  // namespace stridescope
