// clang's messages as data: `file:line:col: error: message` lines picked out of its output, so the
// GUI can mark them on the source lines they name.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace stridescope {

struct Diagnostic {
  std::string file;
  int line = 0;
  int column = 0;        // 0 when the line named none (`file:line: message`)
  std::string severity;  // "error", "fatal error", "warning", "note", or "" when none was named
  std::string message;
  std::string text() const;  // as clang printed it: `file:line:col: severity: message`
};

// Every line of `output` of the form `file:line[:col]: [severity: ]message` (the source excerpts,
// carets and "N errors generated." around them are skipped).
std::vector<Diagnostic> parse_diagnostics(std::string_view output);
// The line to show first: the first error (or fatal error), else the first diagnostic, else the
// first non-empty line of `output` ("" for none).
std::string first_problem(std::string_view output);
// True when `diagnostic_file` names `file`: the same path, or the same file name.
bool names_file(const std::string& diagnostic_file, const std::string& file);

}  // namespace stridescope
