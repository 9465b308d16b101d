// `stridescope export`: the real app, rendered step by step with its transitions, into a GIF or
// an MP4 (through ffmpeg).
#pragma once

#include <iosfwd>

#include "export/export_plan.h"
#include "ui/gui_options.h"

namespace stridescope {

// Renders `gui`'s run (its size, view, text size and theme) into `plan.out`; prints one line of
// what it wrote to `out`. Returns the exit status: 0, or 2 after one "stridescope: error:" line.
int run_export(const GuiOptions& gui, const ExportPlan& plan, std::ostream& out);

}  // namespace stridescope
