// Runs a registered variant on the CPU emulator and returns its trace.
#pragma once

#include "catalog/request.h"
#include "trace/trace.h"

namespace stridescope {

Trace run_on_emulator(const RunRequest& request);  // throws RunError

}  // namespace stridescope
