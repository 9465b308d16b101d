// Tracing a program for the GUI through run_own_program's public API only (own_program.h).
#include "cli/gui_program.h"

#include <stdexcept>

#include "owncuda/own_program.h"

namespace stridescope {

ProgramTrace trace_program_for_gui(const std::string& file) {
  OwnRunOptions options;
  options.file = file;
  OwnRunResult r = run_own_program(options);  // OwnProgramError: clang's messages as printed
  if (!r.failure.empty() || !r.traced) {
    std::string why = !r.failure.empty() ? r.failure
                      : r.exit_code != 0
                          ? "the program stopped with status " + std::to_string(r.exit_code)
                          : "the program launched no kernel (nothing traced)";
    throw std::runtime_error(why + (r.errors.empty() ? "" : "\n" + r.errors));
  }
  return {std::move(r.trace), std::move(r.output)};
}

}  // namespace stridescope
