// The commands that use the CUDA backend when the build has one: trace --backend, bench,
// device-run.
#pragma once

#include <string>

#include "cli/commands.h"

namespace stridescope {

// The tracer for --backend (emulator or cuda); throws a clear error when it is not available.
Tracer tracer_for(Backend backend);

struct BenchCommand {
  bool recorded = false;
  std::string recorded_file;  // with `recorded`: this file instead of the newest in assets/
  std::string json_path;      // also write the report here
  unsigned max_log2 = 28;
  int repeats = 20;
  unsigned block = 256;
};
int command_bench(const BenchCommand& command, std::ostream& out);

// One untraced GPU launch of the request (for Nsight Compute); prints the result.
int command_device_run(const RunRequest& request, std::ostream& out);

}  // namespace stridescope
