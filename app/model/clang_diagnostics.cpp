// Parses clang's `file:line:col: severity: message` lines by hand (no regex: a file name may hold
// colons only before the line number, so the last `:digits:` pair wins).
#include "model/clang_diagnostics.h"

#include <cctype>
#include <optional>

namespace stridescope {
namespace {

// The number at `at` (digits only) and the position after it; nullopt when there is none.
std::optional<int> number_at(std::string_view text, std::size_t& at) {
  std::size_t start = at;
  int value = 0;
  while (at < text.size() && std::isdigit(static_cast<unsigned char>(text[at])) && at - start < 9) {
    value = value * 10 + (text[at] - '0');
    ++at;
  }
  if (at == start) return std::nullopt;
  return value;
}

std::optional<Diagnostic> parse_line(std::string_view line) {
  for (std::size_t colon = line.find(':'); colon != std::string_view::npos && colon > 0;
       colon = line.find(':', colon + 1)) {
    std::size_t at = colon + 1;
    std::optional<int> number = number_at(line, at);
    if (!number || at >= line.size() || line[at] != ':') continue;
    Diagnostic d{std::string(line.substr(0, colon)), *number, 0, "", ""};
    ++at;
    std::size_t after_line = at;
    if (std::optional<int> column = number_at(line, at);
        column && at < line.size() && line[at] == ':') {
      d.column = *column;
      ++at;
    } else {
      at = after_line;
    }
    std::string_view rest = line.substr(at);
    if (rest.empty() || rest[0] != ' ') continue;
    rest.remove_prefix(1);
    for (std::string_view severity : {"fatal error", "error", "warning", "note"}) {
      if (rest.substr(0, severity.size() + 2) == std::string(severity) + ": ") {
        d.severity = std::string(severity);
        rest.remove_prefix(severity.size() + 2);
        break;
      }
    }
    d.message = std::string(rest);
    return d;
  }
  return std::nullopt;
}

}  // namespace

std::string Diagnostic::text() const {
  std::string out = file + ":" + std::to_string(line);
  if (column > 0) out += ":" + std::to_string(column);
  out += ": ";
  if (!severity.empty()) out += severity + ": ";
  return out + message;
}

std::vector<Diagnostic> parse_diagnostics(std::string_view output) {
  std::vector<Diagnostic> found;
  for (std::size_t start = 0; start < output.size();) {
    std::size_t end = output.find('\n', start);
    if (end == std::string_view::npos) end = output.size();
    std::string_view line = output.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!line.empty() && line[0] != ' ') {
      if (std::optional<Diagnostic> d = parse_line(line)) found.push_back(std::move(*d));
    }
    start = end + 1;
  }
  return found;
}

std::string first_problem(std::string_view output) {
  std::vector<Diagnostic> found = parse_diagnostics(output);
  for (const Diagnostic& d : found) {
    if (d.severity == "error" || d.severity == "fatal error") return d.text();
  }
  if (!found.empty()) return found.front().text();
  for (std::size_t start = 0; start < output.size();) {
    std::size_t end = output.find('\n', start);
    if (end == std::string_view::npos) end = output.size();
    std::string_view line = output.substr(start, end - start);
    if (line.find_first_not_of(" \t\r") != std::string_view::npos) return std::string(line);
    start = end + 1;
  }
  return "";
}

bool names_file(const std::string& diagnostic_file, const std::string& file) {
  if (diagnostic_file == file) return true;
  auto base = [](const std::string& path) {
    std::size_t slash = path.rfind('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
  };
  return base(diagnostic_file) == base(file);
}

}  // namespace stridescope
