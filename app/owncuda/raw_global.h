// The runtime's raw record of global memory (runtime/global_record.h) -> the trace's
// GlobalMemory: each buffer named by the host variable its cudaMalloc line allocates into.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "trace/trace.h"

namespace stridescope {

// `lines`: return address -> source line (source_lines in raw_trace.h, which symbolizes the
// buffers' addresses too); `source`: the program's lines (source[0] is line 1).
GlobalMemory global_of_raw(const nlohmann::json& raw, std::map<std::uint64_t, int>& lines,
                           const std::vector<std::string>& source);

}  // namespace stridescope
