// The GUI's way of tracing a program: `stridescope run` (app/program) with its default limits, a
// failure as one exception whose text is clang's or the runtime's messages.
#pragma once

#include <string>

#include "ui/gui_options.h"

namespace stridescope {

// Throws ProgramChoiceError when the program has no such launch or block as `choice` asks for, and
// std::runtime_error for every other failure.
ProgramTrace trace_program_for_gui(const std::string& file, const ProgramChoice& choice);

// The window's Check of an exercise: what `stridescope exercise check` finds; a file that does
// not compile is the result's error (clang's messages), never an exception.
CheckResult check_exercise_for_gui(const std::string& name, const std::string& file);

}  // namespace stridescope
