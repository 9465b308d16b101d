// `stridescope run FILE.cu --backend cuda`: the same file built by nvcc (with our launch timer,
// app/owncuda/cuda_backend/launch_timer.cpp) and run natively on the GPU in a child process; its
// output, then each launch's configuration and time. No trace (docs/own-programs.md).
#pragma once

#include <iosfwd>
#include <string>

#include "owncuda/launch_table.h"

namespace stridescope {

struct CudaRunOptions {
  std::string file;            // the .cu file
  std::string work_dir;        // empty: a fresh directory under $TMPDIR, removed at the end
  bool timings = false;        // print the build's and the run's wall time
  unsigned time_limit_s = 10;  // CPU seconds for the program (wall: three times that)
};

struct CudaRunResult {
  int exit_code = 0;
  std::string output, errors;  // the program's stdout and stderr
  std::string failure;         // why it did not finish well, one line ("" when it did)
  LaunchLog launches;
  double build_s = 0, run_s = 0;
};

// Throws OwnProgramError (one line, or nvcc's messages) when nvcc or a GPU is missing or the
// build fails.
CudaRunResult run_on_cuda(const CudaRunOptions& options);

// Prints the program's output and the launch table; errors as one "stridescope: error: ..." line.
// Returns 0, or 2 when the program could not be built or run, failed a launch or exited non-zero.
int command_run_cuda(const CudaRunOptions& options, std::ostream& out, std::ostream& err);

}  // namespace stridescope
