// The window's "Trace on the GPU" for a program (ProgramChoice::on_gpu): traced by the GPU tracer
// (program/gputrace/gpu_run.h) with the -I and -D of the file's comments; a failure as one
// exception.
#pragma once

#include <string>

#include "ui/gui_options.h"

namespace stridescope {

// The trace, and the program's output followed by the tracer's notes (what the GPU could not
// give). Throws std::runtime_error with the reason and the program's messages.
ProgramTrace trace_program_on_gpu_for_gui(const std::string& file, const ProgramChoice& choice);

}  // namespace stridescope
