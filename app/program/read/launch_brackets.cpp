// Joining `<< <` and `>> >` of a launch (see launch_brackets.h).
#include "program/read/launch_brackets.h"

#include "program/read/source_scan.h"

#include <cctype>

namespace stridescope {
namespace {

constexpr std::size_t kNone = std::string::npos;

bool blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

// At `at`: `<<` (or `>>`), one or more blanks, then `<` (or `>`), all code and not a longer run of
// brackets: the offset of the third bracket, or kNone.
std::size_t spaced_third(const std::string& s, const std::vector<bool>& code, std::size_t at,
                         char bracket) {
  if (at + 2 >= s.size() || s[at] != bracket || s[at + 1] != bracket || !code[at]) return kNone;
  if (at > 0 && s[at - 1] == bracket) return kNone;
  std::size_t k = at + 2;
  while (k < s.size() && blank(s[k])) ++k;
  if (k == at + 2 || k >= s.size() || s[k] != bracket || !code[k]) return kNone;
  if (k + 1 < s.size() && s[k + 1] == bracket) return kNone;
  return k;
}

// The bracket at `third` moved next to the two at `at`, the blanks after it.
void join(std::string& s, std::size_t at, std::size_t third) {
  const std::string blanks = s.substr(at + 2, third - at - 2);
  s[at + 2] = s[third];
  s.replace(at + 3, blanks.size(), blanks);
}

// Whether what comes before `at` (blanks skipped) can end a kernel's name: a name, `>` (a template
// kernel's arguments) or `)`.
bool after_a_kernel(const std::string& s, std::size_t at) {
  while (at > 0 && blank(s[at - 1])) --at;
  if (at == 0) return false;
  const char c = s[at - 1];
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '>' || c == ')';
}

}  // namespace

std::string launch_brackets_joined(const std::string& source) {
  std::string out = source;
  const std::vector<bool> code = code_bytes(out);
  for (std::size_t at = out.find("<<"); at != kNone; at = out.find("<<", at + 2)) {
    const std::size_t open = spaced_third(out, code, at, '<');
    if (open == kNone || !after_a_kernel(out, at)) continue;
    // Its closing brackets: the first `>> >` before the statement ends.
    std::size_t close = kNone, close_at = open + 1;
    for (; close_at < out.size() && out[close_at] != ';' && close == kNone; ++close_at)
      close = spaced_third(out, code, close_at, '>');
    if (close == kNone) continue;
    join(out, at, open);
    join(out, close_at - 1, close);
    at = close;
  }
  return out;
}

}  // namespace stridescope
