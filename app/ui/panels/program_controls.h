// The Run panel's part for an own CUDA program: its name, where it is traced, its launches, the
// traced block, the thread schedule, its printed output, and the way back to the catalog.
#pragma once

#include "ui/state/app_context.h"

namespace stridescope {

// Draws the controls; a changed launch, block or schedule re-traces the program (on its worker
// thread, keeping the step). True when the user closed the program (back to the catalog).
bool draw_program_controls(AppContext& ctx);

// Where the open program stands against the trace on screen, in a few words: "traced on the CPU
// emulator" only when the trace shown is this file's latest; else "tracing...", or "not traced:
// the compile failed" and whose trace is shown instead ("the trace shown is sum4.cu's, from
// before"). Empty lines are left out.
struct ProgramStanding {
  std::string status;  // "traced on the CPU emulator", "tracing...", "not traced (see below)"
  std::string shown;   // what the trace on screen is, when it is not this file's latest
};
// `device_name`: the GPU a trace on the GPU ran on ("" where the window found none).
ProgramStanding program_standing(const ProgramFile& program, const Session& session,
                                 const std::string& device_name = "");

// Whether an open program that was not traced (its error in the Run panel) has another file's or
// the catalog's trace on screen: the views and facts then show the error, not that trace's
// sentences beside this file's source ("block sum 120" of the catalog's run under a kernel that
// never ran).
bool another_trace_beside_a_failed_program(const ProgramFile& program, const Session& session);

// In a view or panel where another_trace_beside_a_failed_program: what to read instead.
void draw_not_this_files_trace(const ProgramFile& program, const Palette& palette);

}  // namespace stridescope
