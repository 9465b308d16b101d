// `stridescope run FILE.cu`: a plain CUDA C++ program (one file), compiled by clang as ordinary C++
// against StrideScope's CUDA header and fiber runtime (app/runtime/), run in a child
// process, and traced (shared-memory accesses of one block of one launch). See
// docs/own-programs.md.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/domain.h"
#include "core/program_choice.h"
#include "program/own_program_error.h"
#include "program/process/child_process.h"
#include "program/process/work_dir.h"
#include "program/read/program_parse.h"
#include "program/record/raw_results.h"
#include "program/record/raw_trace.h"
#include "trace/trace.h"

namespace stridescope {

// ThreadSchedule (the order of a block's threads between barriers): core/program_choice.h.

struct OwnRunOptions {
  std::string file;                       // the .cu file
  std::vector<std::string> host_sources;  // the program's other files: .cu (device) and .cpp (host)
  // nvcc's -I and -D (folders as given: relative ones from the current folder), and the program's
  // own command-line arguments.
  std::vector<std::string> include_dirs, defines, args;
  std::uint32_t launch = 0;  // which launch to trace (0: the first)
  // For a file of kernels without main(): `NAME<<<GRID,BLOCK>>>(param=INIT, ...)`, run by a main()
  // made for it (program/build/launch_main.h); the fallback when none is given (the GUI's).
  std::string launch_spec, fallback_launch_spec;
  std::uint32_t traced_block = 0;
  std::string work_dir;      // empty: a fresh directory under $TMPDIR
  double time_limit_s = 10;  // wall-clock seconds for the program (--time-limit)
  unsigned workers = 0;      // OS threads that run blocks (0: one per core, up to 8)
  // The largest file the program may write (its output, its raw record): the trace loader's limit.
  std::uint64_t file_limit_bytes = 256ull << 20;
  ThreadSchedule schedule = ThreadSchedule::Warps;
  std::uint64_t seed = 1;  // of the random schedule
  // A main() appended to a file of kernels only (an exercise's harness), in place of a launch
  // spec's; the file must not define main() itself.
  std::string harness_main;
  // No load sunk under a branch (an exercise's check: a read before a guard stays before it).
  bool unoptimized = false;
};

struct OwnRunTimings {
  double parse_s = 0, compile_s = 0, run_s = 0, symbolize_s = 0;
};

struct OwnRunResult {
  std::vector<std::string>
      warnings;              // the file's uses of removed CUDA functions (see ProgramFacts)
  int exit_code = 0;         // the program's
  std::string output;        // its stdout
  std::string errors;        // its stderr
  bool traced = false;       // the chosen launch happened
  std::size_t launches = 0;  // kernel launches the program made
  std::string failure;       // why the program did not finish, one line ("" when it did)
  std::string untraced;  // why a program that finished has no trace (a block too large to trace)
  Trace trace;
  // Races in global memory (every launch, every block) and an exercise harness's reports.
  RawResults reports;
  std::uint64_t shared_accesses = 0;  // instrumented shared accesses recorded (traced block)
  OwnRunTimings timings;
};

// A program built once (parse, rewrite, compile, link into a work directory, removed with it unless
// options.work_dir was given) and run as often as wanted: each run with its own schedule, traced
// launch and block, and program arguments (the exercises' checker, --schedules). Throws
// OwnProgramError when it cannot be built.
class BuiltProgram {
 public:
  explicit BuiltProgram(const OwnRunOptions& options);
  ~BuiltProgram();
  BuiltProgram(const BuiltProgram&) = delete;
  BuiltProgram& operator=(const BuiltProgram&) = delete;
  // Runs it with `options`' run settings (launch, traced_block, schedule, seed, args, time limit,
  // workers); the file and flags are those it was built with.
  OwnRunResult run(const OwnRunOptions& options) const;
  const ProgramFacts& facts() const { return facts_; }

 private:
  std::unique_ptr<WorkDir> work_;  // removed with the program unless options.work_dir was given
  std::string symbolizer_;
  std::filesystem::path file_, program_;
  OwnRunTimings timings_;
  ElementType element_ = ElementType::Int;
  bool packed_ = false;  // the program packs structs: no alignment checks (build/program_build.h)
  ProgramFacts facts_;
  // What every run's trace is made with but its lines and its record's shared variables
  // (record/raw_trace.h).
  TraceInputs gathered_;
};

OwnRunResult run_own_program(const OwnRunOptions& options);  // throws OwnProgramError
// Why a run has no trace, in one line: its failure, its exit status, or no such launch.
std::string untraced_reason(const OwnRunResult& result, const OwnRunOptions& options);

// `--schedules K`: the program built once, run under the default schedule (warps in lockstep: what
// a GPU prints; the reference) and under K random schedules (seeds 1..K), untraced; which outputs
// differ from the reference's.
struct ScheduleRun {
  std::uint64_t seed = 0;
  std::string output;
  std::string failure;  // why it did not finish ("" when it did)
};
struct ScheduleReport {
  ScheduleRun reference;
  std::vector<ScheduleRun> differing;  // the random schedules whose output or ending differ
  unsigned runs = 0;
};
ScheduleReport compare_schedules(const OwnRunOptions& options, unsigned schedules);

}  // namespace stridescope
