// `stridescope run FILE.cu`: a plain CUDA C++ program (one file), compiled by clang as ordinary C++
// against StrideScope's CUDA header and fiber runtime (app/owncuda/runtime/), run in a child
// process, and traced (shared-memory accesses of one block of one launch). See
// docs/own-programs.md.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "trace/trace.h"

namespace stridescope {

// The program could not be built or traced (a compile error, an unsupported construct, no clang).
class OwnProgramError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One `k<<<g, b>>>(args)` in the file: byte offsets of the kernel expression's first character,
// of `<<<` and of `>>>`, as clang's CUDA parser reports them.
struct KernelLaunch {
  std::size_t callee = 0;
  std::size_t open = 0;
  std::size_t close = 0;
  int line = 0;
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

std::string find_tool(const std::vector<std::string>& names);  // "" if none is on PATH

// Finds the kernel launches with `clang++ -x cuda --cuda-host-only -Xclang -ast-dump=json`.
// With shared_types: the type of each __shared__ variable of the file, as clang spells it.
std::vector<KernelLaunch> find_kernel_launches(const std::string& file, const std::string& clang,
                                               std::vector<std::string>* shared_types = nullptr);
// The trace's element type for those: Float if every one is a float array, else Int (for now).
ElementType shared_element_type(const std::vector<std::string>& shared_types);
// `k<<<g, b>>>(args)` -> `::stridescope_rt::launcher(k, g, b)(args)`; lines are unchanged.
std::string rewrite_launches(const std::string& source, const std::vector<KernelLaunch>& launches);

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
