// The `stridescope export` command: a run rendered as an animated GIF or an MP4.
#pragma once

#include <CLI/CLI.hpp>
#include <iosfwd>
#include <string>

#include "cli/window_options.h"
#include "export/export_plan.h"

namespace stridescope {

struct ExportOptions {
  WindowOptions window;  // the run and the look, as the window takes them
  std::string format = "gif", out, fps = "15", seconds_per_step = "1";
};

void add_export_options(CLI::App& command, ExportOptions& options);

// Checks everything that can be checked without a display (throws CliError), then renders.
int command_export(ExportOptions options, std::ostream& out);

}  // namespace stridescope
