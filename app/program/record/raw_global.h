// The runtime's raw record of global memory (runtime/global_record.h) -> the trace's
// GlobalMemory: each buffer named by the host variable its cudaMalloc line allocates into.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "program/record/raw_record.h"
#include "trace/trace.h"

namespace stridescope {

// An array a launch spec's main() allocates (build/launch_main.h): the trace's global buffer of
// the same rank is named and typed as the kernel's parameter.
struct MadeBuffer {
  std::string name, type;  // "in", "int"
};

// `lines`: return address -> source line (source_lines in raw_trace.h, which symbolizes the
// buffers' addresses too); `source`: the program's lines (source[0] is line 1); `made`: a launch
// spec's arrays (empty for a program's own main()). The runtime records global memory per barrier
// interval; `steps_per_interval[i]` is how many trace steps interval i became (its warp rounds,
// then its end): its traffic is listed at the last of them.
GlobalMemory global_of_raw(const RawRecord& raw, const std::map<std::uint64_t, int>& lines,
                           const std::vector<std::string>& source,
                           const std::vector<MadeBuffer>& made,
                           const std::vector<std::size_t>& steps_per_interval);

}  // namespace stridescope
