// `stridescope export`: strict options, the checks that need no display (format, speed, a
// writable file), then the render (ui/export/export_run.h, which looks for ffmpeg and the display).
#include "cli/export_command.h"

#include "core/decimal.h"
#include "core/files.h"
#include "ui/export/export_run.h"

namespace stridescope {
namespace {

double parse_seconds(const std::string& text) {
  double seconds = 0;
  if (!read_decimal(text, seconds) || !(seconds >= 0.1 && seconds <= 10)) {
    throw CliError("--seconds-per-step must be between 0.1 and 10, not " + text);
  }
  return seconds;
}

ExportPlan to_plan(const ExportOptions& o) {
  ExportPlan plan;
  if (o.format == "gif") {
    plan.format = ExportFormat::Gif;
  } else if (o.format == "mp4") {
    plan.format = ExportFormat::Mp4;
  } else {
    throw CliError("--format must be gif or mp4, not '" + o.format + "'");
  }
  // A GIF's delays are whole hundredths of a second and browsers slow anything under 0.02 s.
  int max_fps = plan.format == ExportFormat::Gif ? 50 : 60;
  plan.fps = static_cast<int>(parse_whole(o.fps, "--fps", 1, max_fps));
  plan.seconds_per_step = parse_seconds(o.seconds_per_step);
  plan.out = o.out;
  return plan;
}

}  // namespace

void add_export_options(CLI::App& command, ExportOptions& o) {
  WindowOptions& w = o.window;
  w.size = "1280x720";
  w.run_given = add_run_options(command, w.run);
  command.add_option("--trace", w.trace, "export a recorded trace file instead of a run");
  command.add_option("--compare", w.compare,
                     "2 to 4 variants side by side, step-locked (the Compare tab's panes)");
  command.add_option(
      "--lesson", w.lesson,
      "every run of a lesson in order, with its lesson bar: " + enum_choices<LessonId>());
  command.add_option("--format", o.format, "gif (default) or mp4 (needs the ffmpeg program)");
  command.add_option("--out,-o", o.out, "file to write")->required();
  command.add_option("--size", w.size, "frame size WIDTHxHEIGHT (default 1280x720)");
  command.add_option("--fps", o.fps, "frames per second (GIF 1..50, MP4 1..60; default 15)")
      ->type_name("UINT");
  command
      .add_option("--seconds-per-step", o.seconds_per_step,
                  "time on each step, its transition included (0.1..10; default 1)")
      ->type_name("FLOAT");
  command.add_option("--font-scale", w.font_scale, "text size, 0.5..4")->type_name("FLOAT");
  w.contrast_given = command.add_flag("--high-contrast", w.high_contrast, "high-contrast theme");
  command.add_option("--view", w.view, "centre tab: memory, grid, timing or precision");
  command.add_flag("--presenter", w.presenter, "the presenter view (canvas across the frame)");
}

int command_export(ExportOptions options, std::ostream& out) {
  ExportPlan plan = to_plan(options);
  GuiOptions gui = to_gui_options(options.window);
  gui.exporting = true;  // frames for a viewer: no Play, quiz or Reset controls
  check_output_file(plan.out);
  gui.screenshot_path = plan.out;  // a capture: no saved layout or preferences, no pointer
  return run_export(gui, plan, out);
}

}  // namespace stridescope
