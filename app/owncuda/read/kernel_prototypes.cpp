// Kernels declared before they are defined, taken out of the parse's host-and-device pragma (see
// kernel_prototypes.h).
#include "owncuda/read/kernel_prototypes.h"

#include <cctype>
#include <map>
#include <set>

#include "owncuda/read/source_scan.h"

namespace stridescope {
namespace {

constexpr std::string_view kGlobal = "__global__", kUnforced = "__ssprot__";
constexpr std::string_view kBeginAgain = " _Pragma(\"clang force_cuda_host_device begin\")";

bool name_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// One `__global__` declaration: where the word is, where the declaration ends (its `;`, or its
// body's `}`), and the kernel's name.
struct KernelDeclaration {
  std::size_t at = 0, end = 0;
  std::string name;
};

// From the `__global__` at `at`: the declaration it starts, or none (name empty) where it cannot be
// followed (no `;` or `{`, an unbalanced body).
KernelDeclaration declaration_at(const std::string& s, const std::vector<bool>& code,
                                 std::size_t at) {
  KernelDeclaration d{at, 0, ""};
  int parens = 0;
  std::size_t k = at + kGlobal.size();
  for (; k < s.size(); ++k) {
    if (!code[k]) continue;
    if (s[k] == '(' && parens++ == 0 && d.name.empty()) {
      std::size_t e = k;
      while (e > at && !name_char(s[e - 1])) --e;
      std::size_t b = e;
      while (b > at && name_char(s[b - 1])) --b;
      d.name = s.substr(b, e - b);
    }
    if (s[k] == ')') --parens;
    if (parens == 0 && (s[k] == ';' || s[k] == '{')) break;
  }
  if (k >= s.size()) return {};
  if (s[k] == ';') {
    d.end = k;
    return d;
  }
  for (int braces = 0; k < s.size(); ++k) {  // the body's closing brace
    if (!code[k]) continue;
    if (s[k] == '{') ++braces;
    if (s[k] == '}' && --braces == 0) {
      d.end = k;
      return d;
    }
  }
  return {};
}

}  // namespace

std::string kernel_prototypes_unforced(const std::string& source, OffsetMap& map) {
  if (source.find(kGlobal) == std::string::npos) return source;
  const std::vector<bool> code = code_bytes(source);
  std::vector<KernelDeclaration> declarations;
  std::map<std::string, int> prototypes;
  for (std::size_t at = source.find(kGlobal); at != std::string::npos;
       at = source.find(kGlobal, at + 1)) {
    const bool word =
        code[at] && (at == 0 || !name_char(source[at - 1])) &&
        (at + kGlobal.size() >= source.size() || !name_char(source[at + kGlobal.size()]));
    if (!word) continue;
    KernelDeclaration d = declaration_at(source, code, at);
    if (d.name.empty()) continue;
    if (source[d.end] == ';') ++prototypes[d.name];
    declarations.push_back(std::move(d));
  }
  // Each declaration of a prototyped kernel whose last line ends in code: taken out, from the
  // last to the first (an insertion moves only what follows it).
  std::string out = source;
  bool changed = false;
  for (auto it = declarations.rbegin(); it != declarations.rend(); ++it) {
    if (prototypes.count(it->name) == 0) continue;
    // Where the pragma begins again: right after the declaration where only blanks and comments
    // follow it on its line (no token's column moves), else at the line's end if that is code.
    const std::size_t line_end = std::min(source.find('\n', it->end), source.size());
    bool rest_is_code = false;
    for (std::size_t k = it->end + 1; k < line_end; ++k)
      rest_is_code =
          rest_is_code || (code[k] && !std::isspace(static_cast<unsigned char>(source[k])));
    std::size_t again = it->end + 1;
    if (rest_is_code) {
      if (line_end < source.size() && !code[line_end]) continue;  // ends in a comment: left
      again = line_end;
    }
    out.insert(again, kBeginAgain);
    out.replace(it->at, kGlobal.size(), kUnforced);
    changed = true;
  }
  if (!changed) return source;
  map.line_starts = {0};
  for (std::size_t k = 0; k < source.size(); ++k)
    if (source[k] == '\n') map.line_starts.push_back(unsigned(k + 1));
  return out;
}

}  // namespace stridescope
