// The trace's optional `global_memory` (a user's program's cudaMalloc buffers, what the traced
// block read and wrote per step) <-> JSON, validated: a bad field is named by its JSON path.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>

#include "trace/trace.h"

namespace stridescope {

nlohmann::json global_memory_to_json(const GlobalMemory& memory);

// `in` is $.global_memory; `steps`: how many steps $.blocks[0] has (one list each). Throws
// TraceFormatError ("$.global_memory.steps[2][0].read.ranges[1]: ...").
GlobalMemory global_memory_from_json(const nlohmann::json& in, std::size_t steps);

}  // namespace stridescope
