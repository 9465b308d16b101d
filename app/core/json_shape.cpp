// One pass over a JSON text, outside strings, counting nesting and separators.
#include "core/json_shape.h"

#include <algorithm>

namespace stridescope {

JsonShape json_shape(std::string_view text) {
  JsonShape shape;
  std::uint64_t depth = 0;
  bool in_string = false, escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    switch (c) {
      case '"':
        in_string = true;
        break;
      case '[':
      case '{':
        shape.depth = std::max(shape.depth, ++depth);
        ++shape.values;
        break;
      case ']':
      case '}':
        if (depth > 0) --depth;
        break;
      case ',':
      case ':':
        ++shape.values;
        break;
      default:
        break;
    }
  }
  return shape;
}

std::optional<std::string> json_shape_problem(std::string_view text) {
  const JsonShape shape = json_shape(text);
  if (shape.depth > kMaxJsonDepth)
    return "nested " + std::to_string(shape.depth) + " deep (at most " +
           std::to_string(kMaxJsonDepth) + " is read)";
  if (shape.values > kMaxJsonValues)
    return "holds " + std::to_string(shape.values) + " values (at most " +
           std::to_string(kMaxJsonValues) + " are read)";
  return std::nullopt;
}

}  // namespace stridescope
