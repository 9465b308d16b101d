// The export's loop: the app in a window of the asked size, settled at step 0, then each step's
// transition played at the export's frame rate, every frame read back and handed to the writer.
#include "ui/export/export_run.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <ostream>
#include <string>
#include <tuple>
#include <utility>

#include "core/browser.h"
#include "core/error_line.h"
#include "core/spawn.h"
#include "export/ffmpeg_writer.h"
#include "export/gif_writer.h"
#include "ui/export/export_colors.h"
#include "ui/panels/lesson_bar.h"
#include "ui/platform/capture.h"
#include "ui/platform/screenshot.h"
#include "ui/state/app.h"

namespace stridescope {
namespace {

constexpr int kWarmUpFrames = 2;  // ImGui sizes auto-fitted windows in its first frames

std::unique_ptr<FrameSink> make_sink(const ExportPlan& plan, const App& app) {
  if (plan.format == ExportFormat::Mp4) {
    std::optional<std::string> ffmpeg = find_on_path({"ffmpeg"});
    if (!ffmpeg) throw ExportError("MP4 export needs the ffmpeg program");
    return std::make_unique<FfmpegWriter>(*ffmpeg, plan.out, plan.fps);
  }
  return std::make_unique<GifWriter>(plan.out, plan.fps, export_fixed_colors(app.palette()));
}

// Renders one frame `seconds` after the last one and reads it back.
RgbFrame render(App& app, PlatformWindow& window, double seconds, bool settle) {
  app.frame(window, seconds, settle);
  window.render(app.palette().canvas_background);
  window.finish();
  RgbFrame frame{window.framebuffer_width(), window.framebuffer_height(), {}};
  frame.rgb = read_framebuffer_rgb(frame.width, frame.height);
  window.present();
  return frame;
}

// Each step drawn, settled, before the frames are, up to three times: a panel whose lines did not
// fit its window at some step draws smaller text for the whole run (a viewer cannot scroll a GIF),
// measured again at that size until it settles.
void fit_text(App& app, PlatformWindow& window) {
  Playback& play = app.session().playback();
  app.reset_export_fit();
  for (int pass = 0; pass < 3; ++pass) {
    app.export_frames(App::ExportFrames::Measuring);
    for (std::size_t step = 0; step < play.step_count(); ++step) {
      play.seek(step);
      for (int i = 0; i < kWarmUpFrames; ++i) render(app, window, 0, true);
    }
    if (!app.export_frames(App::ExportFrames::Plain)) break;
  }
}

// Every step of the run shown (of a compare: every row of its panes) for frames_per_step frames
// (a step after the first starts with its transition), then the last step held:
// plan.frame_count(steps) frames. Returns the number of steps.
std::size_t render_run(App& app, PlatformWindow& window, const ExportPlan& plan, FrameSink& sink) {
  Playback& play = app.session().playback();
  fit_text(app, window);
  play.seek(0);
  play.set_speed(static_cast<float>(1.0 / plan.seconds_per_step));  // sets the transition's time
  for (int i = 0; i < kWarmUpFrames; ++i) render(app, window, 0, true);
  app.export_frames(App::ExportFrames::Counting);  // the frames written: a cut one is said
  double tick = 1.0 / plan.fps;
  std::size_t steps = play.step_count();
  for (std::size_t step = 0; step < steps; ++step) {
    if (step > 0) play.next();
    for (int f = 0; f < plan.frames_per_step(); ++f) sink.add(render(app, window, tick, false));
  }
  for (int f = 0; f < plan.held_frames(); ++f) sink.add(render(app, window, tick, false));
  app.export_frames(App::ExportFrames::Plain);
  return steps;
}

// The run (or compare) shown, or a lesson's every run in order, each with its lesson bar and its
// last step held. Returns the steps rendered and the runs they came from.
std::pair<std::size_t, std::size_t> render_steps(App& app, PlatformWindow& window,
                                                 const ExportPlan& plan, FrameSink& sink) {
  std::size_t runs = std::max<std::size_t>(1, app.lesson_runs()), steps = 0;
  for (std::size_t run = 0; run < runs; ++run) {
    if (run > 0) app.open_lesson_run(run);
    steps += render_run(app, window, plan, sink);
  }
  sink.finish();
  return {steps, runs};
}

// Renders the frames into the plan's file and says what it wrote; a file that could not be written
// whole is removed (throws what failed).
void write_frames(App& app, PlatformWindow& window, const ExportPlan& plan, std::ostream& out,
                  std::chrono::steady_clock::time_point started) {
  std::unique_ptr<FrameSink> sink = make_sink(plan, app);  // from here on the file is ours
  std::size_t steps = 0, runs = 0;
  try {
    std::tie(steps, runs) = render_steps(app, window, plan, *sink);
  } catch (...) {
    sink.reset();
    std::error_code ignored;
    if (std::filesystem::is_regular_file(plan.out, ignored))
      std::filesystem::remove(plan.out, ignored);
    throw;
  }
  for (const auto& [title, scale] : app.export_cut_panels()) {
    std::fprintf(stderr,
                 "stridescope: warning: the %s panel's text is cut in some frames, even at %d%% "
                 "of the text size (a larger --size or a smaller --font-scale shows it whole)\n",
                 title.c_str(), static_cast<int>(std::lround(scale * 100)));
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::error_code ignored;
  auto bytes = std::filesystem::file_size(plan.out, ignored);
  std::size_t frames = plan.frame_count(steps) + (runs - 1) * plan.held_frames();
  out << "wrote " << plan.out << ": " << frames << " frames (" << steps << " steps x "
      << plan.frames_per_step() << " + "
      << (runs > 1 ? std::to_string(runs) + " runs x " : std::string()) << plan.held_frames()
      << " held), " << window.framebuffer_width() << "x" << window.framebuffer_height() << " at "
      << plan.fps << " fps, " << bytes << " bytes, in " << static_cast<int>(seconds * 10) / 10.0
      << " s\n";
}

bool has_display() {
  auto set = [](const char* name) {
    const char* v = std::getenv(name);
    return v != nullptr && *v != '\0';
  };
  return set("DISPLAY") || set("WAYLAND_DISPLAY");
}

}  // namespace

int run_export(const GuiOptions& gui, const ExportPlan& plan, std::ostream& out) {
  if (plan.format == ExportFormat::Mp4 && !find_on_path({"ffmpeg"})) {
    std::fputs(error_line("MP4 export needs the ffmpeg program (Debian package ffmpeg); GIF export "
                          "works without it")
                   .c_str(),
               stderr);
    return 2;
  }
  if (!kInBrowser && !has_display()) {  // a page's frame draws into a canvas of its own
    std::fputs(error_line("export renders the app in a window and needs a display (DISPLAY is not "
                          "set); on a server run it under xvfb-run")
                   .c_str(),
               stderr);
    return 2;
  }
  App app(gui);
  if (!app.load()) {
    std::fputs(error_line(app.error()).c_str(), stderr);
    return 2;
  }
  auto started = std::chrono::steady_clock::now();
  try {
    PlatformWindow window(gui.width, gui.height, true, "");
    int status = 0;
    try {
      app.start(window);
      ignore_pointer(true);  // the picture never depends on where the pointer is
      write_frames(app, window, plan, out, started);
    } catch (const std::exception& e) {
      std::fputs(error_line(e.what()).c_str(), stderr);
      status = 2;
    }
    app.stop();
    return status;
  } catch (const WindowError& e) {
    std::fputs(error_line(e.what()).c_str(), stderr);
    return 2;
  }
}

}  // namespace stridescope
