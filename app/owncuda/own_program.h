// `stridescope run FILE.cu`: a plain CUDA C++ program (one file), compiled by clang as ordinary C++
// against StrideScope's CUDA header and fiber runtime (app/owncuda/runtime/), run in a child
// process, and traced (shared-memory accesses of one block of one launch). See
// docs/own-programs.md.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "owncuda/child_process.h"
#include "owncuda/program_parse.h"
#include "trace/trace.h"

namespace stridescope {

// The program could not be built or traced (a compile error, an unsupported construct, no clang).
class OwnProgramError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct OwnRunOptions {
  std::string file;          // the .cu file
  std::uint32_t launch = 0;  // which launch to trace (0: the first)
  std::uint32_t traced_block = 0;
  std::string work_dir;        // empty: a fresh directory under $TMPDIR
  unsigned time_limit_s = 10;  // CPU seconds for the program
  // The largest file the program may write (its output, its raw record): the trace loader's limit.
  std::uint64_t file_limit_bytes = 256ull << 20;
};

struct OwnRunTimings {
  double parse_s = 0, compile_s = 0, run_s = 0, symbolize_s = 0;
};

struct OwnRunResult {
  int exit_code = 0;    // the program's
  std::string output;   // its stdout
  std::string errors;   // its stderr
  bool traced = false;  // the chosen launch happened
  std::string failure;  // why the program did not finish, one line ("" when it did)
  Trace trace;
  std::uint64_t shared_accesses = 0;  // instrumented shared accesses recorded (traced block)
  OwnRunTimings timings;
};

OwnRunResult run_own_program(const OwnRunOptions& options);  // throws OwnProgramError

}  // namespace stridescope

#include <iosfwd>

namespace stridescope {
// `stridescope run`: prints the program's output, writes the trace to out_path (if not empty),
// a summary line, and with `timings` the time of each phase. Returns the program's exit status,
// or 2 if it could not be built or traced (clang's messages go to `err` as clang printed them).
int command_run(const OwnRunOptions& options, const std::string& out_path, bool timings,
                std::ostream& out, std::ostream& err);
}  // namespace stridescope
