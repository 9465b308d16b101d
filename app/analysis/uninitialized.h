// Uninitialized shared-memory reads: reads of bytes that no thread wrote earlier in the launch.
#pragma once

#include <cstddef>
#include <vector>

#include "trace/trace.h"

namespace stridescope {

struct UninitializedRead {
  std::size_t step = 0;
  Access access;
};

// Every such read, in trace order (within a step, a write by any thread earlier in the trace's
// order counts as initializing; the order of racing accesses is the trace's).
std::vector<UninitializedRead> uninitialized_reads(const BlockTrace& block);

}  // namespace stridescope
