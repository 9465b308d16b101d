// `stridescope run FILE.cu --backend cuda`: the same file built by nvcc (with our launch timer,
// app/tools/launch_timer.cpp) and run natively on the GPU in a child process; its
// output, then each launch's configuration and time. No trace (docs/own-programs.md).
#pragma once

#include <filesystem>
#include <iosfwd>
#include <string>
#include <vector>

#include "program/nvcc/launch_table.h"

namespace stridescope {

struct CudaRunOptions {
  std::string file;                       // the .cu file
  std::vector<std::string> more_sources;  // the program's other files (.cu, .cpp), built with it
  std::string work_dir;        // empty: a fresh directory under $TMPDIR, removed at the end
  bool timings = false;        // print the build's and the run's wall time
  unsigned time_limit_s = 10;  // CPU seconds for the program (wall: three times that)
  std::vector<std::string> include_dirs, defines;  // nvcc's -I and -D
  bool line_info = false;                          // nvcc -lineinfo (the GPU tracer's pc -> line)
  std::vector<std::string> env;  // more environment for the program (the GPU tracer's)
  bool machine_checked = false;  // check_cuda_machine() already passed
};

struct CudaRunResult {
  int exit_code = 0;
  std::string output, errors;  // the program's stdout and stderr
  std::string failure;         // why it did not finish well, one line ("" when it did)
  LaunchLog launches;
  double build_s = 0, run_s = 0;
};

// nvcc on PATH and a GPU listed by nvidia-smi (or the driver); else OwnProgramError, one line.
// `scratch`: a folder for nvidia-smi's output.
void check_cuda_machine(const std::filesystem::path& scratch);

// Throws OwnProgramError (one line, or nvcc's messages) when nvcc or a GPU is missing or the
// build fails.
CudaRunResult run_on_cuda(const CudaRunOptions& options);

// Why a program could not be built or started on the GPU, on `err`: nvcc's messages as nvcc printed
// them with our `stridescope: error:` line last, else one line of ours.
void print_build_error(std::ostream& err, const std::string& what);

// Why a program run natively ended abnormally, one line ("" when it exited): as for the emulator's
// programs, and where its CPU-time limit stopped it, that the host's waiting for the GPU counts.
std::string native_ending_text(int exit_code, const CudaRunOptions& options);

// Prints the program's output and the launch table; errors as one "stridescope: error: ..." line.
// Returns 0, or 2 when the program could not be built or run, failed a launch or exited non-zero.
int command_run_cuda(const CudaRunOptions& options, std::ostream& out, std::ostream& err);

}  // namespace stridescope
