// Helpers that build small hand-made steps and traces for the analysis tests.
#pragma once

#include <vector>

#include "trace/trace.h"

namespace stridescope::testing {

// A step where thread t reads (or writes) the 4-byte word words[t], all as their first access.
Step step_with_words(const std::vector<unsigned>& words, AccessKind kind, unsigned size = 4);

// A one-block trace around `steps`, for a block of `block_size` threads and as many words.
Trace trace_with_steps(std::vector<Step> steps, unsigned block_size);

}  // namespace stridescope::testing
