// The text commands of the stridescope binary: list, trace, check.
#pragma once

#include <functional>
#include <iosfwd>
#include <string>

#include "catalog/emu/run_variant.h"
#include "catalog/request.h"

namespace stridescope {

int command_list(std::ostream& out);
// Makes a trace on some backend (the emulator, or the CUDA device when built with it).
using Tracer = std::function<Trace(const RunRequest&)>;

int command_trace(const Tracer& tracer, const RunRequest& request, const std::string& out_path,
                  std::ostream& out);
int command_check(const std::string& trace_path, std::ostream& out);

class TraceModel;

// Writes the per-step facts table and the run summary of a trace.
void print_facts_table(const TraceModel& model, std::ostream& out);

}  // namespace stridescope
