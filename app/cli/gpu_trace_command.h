// `stridescope run FILE.cu --backend cuda --out gpu.json [--launch K --traced-block B]`: the
// program run natively under the GPU tracer (program/gputrace/gpu_run.h), its output and launches
// printed, the traced block written as a trace; what the GPU could not give as notes.
#pragma once

#include <iosfwd>
#include <string>

#include "program/gputrace/gpu_run.h"

namespace stridescope {

// Returns 0 (a kernel without shared memory: a note, no trace), or 2 with one "stridescope: error:
// ..." line when nothing was traced (the reason).
int command_trace_cuda(const GpuTraceOptions& options, const std::string& out_path, bool timings,
                       std::ostream& out, std::ostream& err);

}  // namespace stridescope
