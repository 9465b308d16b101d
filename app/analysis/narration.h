// Narration: one plain-language sentence per step, built from the other analyses.
#pragma once

#include <string>

#include "trace/trace.h"

namespace stridescope {

struct StepFacts;

// E.g. "Stride 64: threads 0–63 add s[t+64] into s[t]; warps 2–7 idle.", from the step's facts
// (everything but the narration filled in).
std::string narrate(const Trace& trace, const BlockTrace& block, const Step& step,
                    const StepFacts& facts);

}  // namespace stridescope
