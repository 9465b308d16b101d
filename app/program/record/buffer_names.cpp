// cudaMalloc calls read from a source line (see buffer_names.h).
#include "program/record/buffer_names.h"

#include <array>
#include <cctype>
#include <regex>
#include <string_view>
#include <utility>

namespace stridescope {

std::uint32_t scalar_size(const std::string& type) {
  static constexpr std::array<std::pair<std::string_view, std::uint32_t>, 20> sizes{{
      {"float", 4},
      {"double", 8},
      {"int", 4},
      {"unsigned", 4},
      {"unsigned int", 4},
      {"char", 1},
      {"unsigned char", 1},
      {"short", 2},
      {"unsigned short", 2},
      {"long", 8},
      {"unsigned long", 8},
      {"long long", 8},
      {"unsigned long long", 8},
      {"int32_t", 4},
      {"uint32_t", 4},
      {"int64_t", 8},
      {"uint64_t", 8},
      {"size_t", 8},
      {"int8_t", 1},
      {"uint8_t", 1},
  }};
  for (const auto& [name, size] : sizes)
    if (type == name) return size;
  return 0;
}

namespace {

// The call's arguments: from after `(` to its matching `)` (or the line's end).
std::string call_arguments(const std::string& line, std::size_t open) {
  int depth = 0;
  for (std::size_t i = open; i < line.size(); ++i) {
    if (line[i] == '(') ++depth;
    if (line[i] == ')' && --depth == 0) return line.substr(open + 1, i - open - 1);
  }
  return line.substr(open + 1);
}

// The first argument without its casts and `&`: `(void**)&dev_a` -> "dev_a".
std::string pointer_name(const std::string& arguments) {
  static const std::regex first(
      R"(^\s*(?:\(\s*void\s*\*\s*\*\s*\)|reinterpret_cast\s*<\s*void\s*\*\s*\*\s*>)?\s*\(?\s*&\s*([A-Za-z_][A-Za-z_0-9]*(?:(?:\.|->)[A-Za-z_][A-Za-z_0-9]*)*)\s*\)?\s*,)");
  std::smatch m;
  if (std::regex_search(arguments, m, first)) return m[1];
  return "";
}

}  // namespace

MallocSite malloc_site(const std::string& line, std::size_t occurrence) {
  static const std::regex call(R"(\bcudaMalloc(?:Managed|Pitch)?\s*(<[^>]*>)?\s*\()");
  std::size_t seen = 0;
  for (auto it = std::sregex_iterator(line.begin(), line.end(), call); it != std::sregex_iterator();
       ++it) {
    if (seen++ != occurrence) continue;
    const std::size_t open = std::size_t(it->position() + it->length() - 1);
    const std::string arguments = call_arguments(line, open);
    MallocSite site;
    site.name = pointer_name(arguments);
    static const std::regex size_of(R"(sizeof\s*\(\s*([A-Za-z_][A-Za-z_0-9 ]*?)\s*\))");
    std::smatch m;
    const std::size_t comma = arguments.find(',');
    const std::string size_text = comma == std::string::npos ? "" : arguments.substr(comma);
    if (std::regex_search(size_text, m, size_of) && scalar_size(m[1]) != 0) {
      site.type = m[1];
      site.element_size = scalar_size(site.type);
    }
    return site;
  }
  return {};
}

}  // namespace stridescope
