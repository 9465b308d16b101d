// The GUI's way of tracing a program: `stridescope run` (app/owncuda) with its default limits, a
// failure as one exception whose text is clang's or the runtime's messages.
#pragma once

#include <string>

#include "ui/gui.h"

namespace stridescope {

ProgramTrace trace_program_for_gui(const std::string& file,
                                   const ProgramChoice& choice);  // throws std::runtime_error

}  // namespace stridescope
