// Prints a GPU-traced run and writes its trace (see gpu_trace_command.h).
#include "cli/gpu_trace_command.h"

#include <ostream>

#include "core/error_line.h"
#include "program/nvcc/cuda_backend.h"
#include "program/nvcc/launch_table.h"
#include "program/own_program_error.h"
#include "trace/trace_json.h"

namespace stridescope {

int command_trace_cuda(const GpuTraceOptions& options, const std::string& out_path, bool timings,
                       std::ostream& out, std::ostream& err) {
  GpuTraceRun r;
  try {
    r = trace_on_gpu(options);
  } catch (const OwnProgramError& e) {
    print_build_error(err, e.what());
    return 2;
  }
  out << r.run.output;
  if (!r.run.output.empty() && r.run.output.back() != '\n') out << "\n";
  err << r.run.errors;
  print_launch_table(r.run.launches, out);
  if (timings)
    out << "timings: nvcc " << r.run.build_s << " s, traced run " << r.run.run_s << " s\n";
  for (const std::string& note : r.notes) err << "stridescope: note: " << note << "\n";
  if (r.no_shared_memory) {  // as the emulator's note for a block too large to trace
    err << "stridescope: note: " << r.untraced << "; no trace written\n";
    return 0;
  }
  if (!r.traced) {
    err << error_line(r.untraced + "; no trace written");
    return 2;
  }
  if (!out_path.empty()) save_trace(r.trace, out_path);
  const BlockTrace& b = r.trace.blocks.front();
  out << (out_path.empty() ? std::string("traced") : "wrote " + out_path + ":") << " "
      << b.steps.size() << (b.steps.size() == 1 ? " step" : " steps") << " of block " << b.block
      << " of launch " << options.launch << " on the GPU, " << r.shared_accesses
      << " shared accesses\n";
  return 0;
}

}  // namespace stridescope
