// Narration: one plain-language sentence per step, built from the other analyses.
#pragma once

#include <string>

#include "trace/trace.h"

namespace stridescope {

// E.g. "Stride 64: threads 0–63 add s[t+64] into s[t]; warps 2–7 idle."
std::string narrate(const Trace& trace, std::size_t block_index, std::size_t step_index);

}  // namespace stridescope
