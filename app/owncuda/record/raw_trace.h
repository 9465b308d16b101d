// The runtime's raw record of a user's program (app/owncuda/runtime/) -> a StrideScope trace:
// return addresses symbolized to source lines, words converted to the element type, run fields
// filled by the catalog's conventions (docs/own-programs.md).
#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <string>

#include "owncuda/record/shared_layout.h"
#include "trace/trace.h"

namespace stridescope {

// Return address -> line of `file`, by one llvm-symbolizer run over the record's unique addresses;
// 0 for an address in another file (a header, the main() a launch spec made): no line of `file`.
std::map<std::uint64_t, int> source_lines(const nlohmann::json& raw,
                                          const std::filesystem::path& program,
                                          const std::filesystem::path& dir,
                                          const std::string& symbolizer,
                                          const std::filesystem::path& file);

// `symbols`: the program's shared variables; `decls`: their declarations (names, dims).
Trace trace_of_raw(const nlohmann::json& raw, std::map<std::uint64_t, int>& lines,
                   const std::filesystem::path& file, std::uint32_t traced_block,
                   ElementType element, const std::vector<SharedSymbol>& symbols,
                   const std::vector<SharedDecl>& decls);

}  // namespace stridescope
