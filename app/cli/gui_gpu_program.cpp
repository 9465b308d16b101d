// Tracing a program on the GPU for the window (see gui_gpu_program.h).
#include "cli/gui_gpu_program.h"

#include <fstream>
#include <iterator>
#include <stdexcept>

#include "program/gputrace/gpu_run.h"
#include "program/read/file_options.h"

namespace stridescope {

ProgramTrace trace_program_on_gpu_for_gui(const std::string& file, const ProgramChoice& choice) {
  GpuTraceOptions options;
  options.run.file = file;
  std::ifstream in(file);
  const std::string source(std::istreambuf_iterator<char>(in), {});
  const FileOptions from_comments = compile_options_in_comments(source, file);
  options.run.include_dirs = from_comments.include_dirs;
  options.run.defines = from_comments.defines;
  options.launch = choice.launch;
  options.traced_block = choice.traced_block;
  GpuTraceRun r = trace_on_gpu(options);  // OwnProgramError: no GPU, no tracer, nvcc's messages
  if (!r.traced)
    throw std::runtime_error(r.untraced + (r.run.errors.empty() ? "" : "\n" + r.run.errors));
  std::string output = std::move(r.run.output);
  if (!output.empty() && output.back() != '\n') output += "\n";
  for (const std::string& note : r.notes) output += "stridescope: note: " + note + "\n";
  return {std::move(r.trace), std::move(output), {}};
}

}  // namespace stridescope
