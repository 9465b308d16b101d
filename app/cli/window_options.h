// The window's command-line options (what `stridescope` with no command opens), as text, and
// their conversion into GuiOptions.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "cli/options.h"
#include "ui/gui_options.h"

namespace stridescope {

struct WindowOptions {
  RunOptions run;
  std::vector<CLI::Option*> run_given;  // filled by add_window_options
  std::string trace, open, compare, lesson, step, screenshot, size = "1600x900", font_scale,
                                                              view = "memory";
  std::string benchmark_frames = "0";
  std::string quiz_marks;
  std::string launch = "0",
              schedule = "warps";  // with --open FILE.cu (and --traced-block, --seed)
  CLI::Option* launch_given = nullptr;
  CLI::Option* schedule_given = nullptr;
  bool high_contrast = false, presenter = false, quiz = false, report_clipped = false;
  CLI::Option* contrast_given = nullptr;
  std::string exercise, exercise_file;  // --exercise NAME [--exercise-file FILE]
  std::string compare_traces;           // --compare-traces A.json,B.json
  std::string file;                     // `stridescope FILE`: opened as --open FILE is
  bool show_failure = false;
};

void add_window_options(CLI::App& app, WindowOptions& options);
GuiOptions to_gui_options(const WindowOptions& options);  // throws CliError or RunError

}  // namespace stridescope
