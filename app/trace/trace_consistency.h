// Whether a well-formed trace agrees with itself: shared memory changes only where a thread wrote,
// the traced block's result is its launch's, the launches chain, and the result is what the
// second stage makes of the last launch's results.
#pragma once

#include <optional>
#include <string>

#include "trace/trace.h"

namespace stridescope {

// The first disagreement as "<json path>: <problem>", or none. Linear in the trace's size.
std::optional<std::string> first_inconsistency(const Trace& trace);

}  // namespace stridescope
