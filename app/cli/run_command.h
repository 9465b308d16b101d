// `stridescope run FILE.cu` and `stridescope run FILE.cu --schedules K`: the commands over
// program/own_program.h's runs.
#pragma once

#include <iosfwd>
#include <string>

#include "program/own_program.h"

namespace stridescope {

// Before anything is compiled: the file and the other sources are regular files, the --keep folder
// is (or becomes) a folder that can be written in, and out_path (if any) can be written. Throws
// std::runtime_error with one line saying which and why.
void check_run_files(const OwnRunOptions& options, const std::string& out_path);

// `stridescope run`: prints the program's output, writes the trace to out_path (if not empty),
// a summary line, and with `timings` the time of each phase. Returns the program's exit status,
// or 2 if it could not be built or traced (clang's messages go to `err` as clang printed them).
int command_run(const OwnRunOptions& options, const std::string& out_path, bool timings,
                std::ostream& out, std::ostream& err);
// `stridescope run FILE --schedules K`: prints the reference output and the schedules that differ.
int command_run_schedules(const OwnRunOptions& options, unsigned schedules, std::ostream& out,
                          std::ostream& err);

}  // namespace stridescope
