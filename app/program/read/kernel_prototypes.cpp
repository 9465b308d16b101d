// Kernels declared before they are defined, taken out of the parse's host-and-device pragma (see
// kernel_prototypes.h).
#include "program/read/kernel_prototypes.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "program/read/source_scan.h"

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
      const std::string before = s.substr(b, e - b);
      // `__launch_bounds__(256)` and attributes come before the name: not it.
      if (before != "__launch_bounds__" && before != "__attribute__" && before != "alignas" &&
          before != "__align__")
        d.name = before;
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
  // Each declaration of a prototyped kernel: its `__global__` made `__ssprot__` (the same length),
  // and the pragma begun again right after it; the insertions made from the last place to the
  // first (one moves only what follows it; two declarations may share a line).
  std::string out = source;
  std::vector<std::size_t> again_at;
  for (const KernelDeclaration& d : declarations) {
    if (prototypes.count(d.name) == 0) continue;
    out.replace(d.at, kGlobal.size(), kUnforced);
    again_at.push_back(d.end + 1);
  }
  if (again_at.empty()) return source;
  std::sort(again_at.begin(), again_at.end());
  for (auto it = again_at.rbegin(); it != again_at.rend(); ++it) out.insert(*it, kBeginAgain);
  map.line_starts = {0};
  for (std::size_t k = 0; k < source.size(); ++k)
    if (source[k] == '\n') map.line_starts.push_back(unsigned(k + 1));
  map.inserted = unsigned(kBeginAgain.size());
  for (const std::size_t at : again_at) {
    const auto line =
        std::upper_bound(map.line_starts.begin(), map.line_starts.end(), unsigned(at));
    const auto index = unsigned(line - map.line_starts.begin());  // 1-based
    map.insertions[index].push_back(unsigned(at) - map.line_starts[index - 1] + 1);
  }
  return out;
}

}  // namespace stridescope
