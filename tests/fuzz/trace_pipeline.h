// What the fuzzer feeds bytes to: the trace loader, the model, `stridescope check`'s table and the
// text the views build from a trace. Shared by the libFuzzer target, the corpus replay test and the
// coverage replayer.
#pragma once

#include <string_view>

namespace stridescope {

// True if the bytes were a valid trace (and every view of it was built); false if the loader
// refused them. Anything else (a crash, a sanitizer report, a hang) is a finding.
bool exercise_trace_pipeline(std::string_view bytes);

}  // namespace stridescope
