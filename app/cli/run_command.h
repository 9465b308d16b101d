// `stridescope run FILE.cu` and `stridescope run FILE.cu --schedules K`: the commands over
// owncuda/own_program.h's runs.
#pragma once

#include <iosfwd>
#include <string>

#include "owncuda/own_program.h"

namespace stridescope {

// `stridescope run`: prints the program's output, writes the trace to out_path (if not empty),
// a summary line, and with `timings` the time of each phase. Returns the program's exit status,
// or 2 if it could not be built or traced (clang's messages go to `err` as clang printed them).
int command_run(const OwnRunOptions& options, const std::string& out_path, bool timings,
                std::ostream& out, std::ostream& err);
// `stridescope run FILE --schedules K`: prints the reference output and the schedules that differ.
int command_run_schedules(const OwnRunOptions& options, unsigned schedules, std::ostream& out,
                          std::ostream& err);

}  // namespace stridescope
