// What a JSON text would cost to parse, found in one pass that allocates nothing: how deep it
// nests and how many values it holds, so that a file of 20 MiB of '[' is refused before a parser
// builds 20 million arrays.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace stridescope {

struct JsonShape {
  std::uint64_t depth = 0;   // the deepest nesting of arrays and objects
  std::uint64_t values = 0;  // scalars, arrays and objects (an upper bound: counted by separators)
};

JsonShape json_shape(std::string_view text);

// What any file of JSON read here may be at most: deeper than any trace or record nests, and
// values whose parsed form (about 48 bytes each, measured) stays within 1.5 GiB.
inline constexpr std::uint64_t kMaxJsonDepth = 64;
inline constexpr std::uint64_t kMaxJsonValues = 32ull << 20;

// Why `text` is not read ("nested 100000 deep; at most 64 is read"), or nothing.
std::optional<std::string> json_shape_problem(std::string_view text);

}  // namespace stridescope
