// The GUI's loop: the platform window, the app drawn into it frame by frame, and capture runs.
#include "ui/gui.h"

#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "core/error_line.h"
#include "ui/canvas/memory_canvas.h"
#include "ui/platform/capture.h"
#include "ui/platform/frame_pacing.h"
#include "ui/platform/text_clips.h"
#include "ui/state/app.h"
#include "ui/state/preferences.h"

namespace stridescope {
namespace {

// Ctrl+C or a polite kill closes the window the normal way, so layout and preferences are saved.
volatile std::sig_atomic_t stop_requested = 0;
void request_stop(int) {
  stop_requested = 1;
}

// How often a sleeping window looks at its background work (a tracing, the watched file, a
// dialog) and at Ctrl+C: a look costs no frame.
constexpr double kIdleLookSeconds = 0.1;

// Between two frames: at once, after a short wait (no faster than the display while animating),
// or asleep until input or background news (ui/platform/frame_pacing.h).
void pace(PlatformWindow& window, App& app, FramePacing& pacing, bool capture, double drawn_in) {
  FrameState state{capture, app.animating(), window.take_events() > 0};
  std::optional<double> wait = pacing.after_frame(state, drawn_in);
  if (wait) {
    if (*wait > 0) window.wait_events(*wait);
    return;
  }
  while (!window.should_close() && !stop_requested) {
    window.wait_events(kIdleLookSeconds);
    if (window.events_waiting() || app.wake_due()) return;
  }
}

// A capture's program tracing that failed on the command line's choice (--launch 99), said by the
// tracer's worker thread: the capture stops with it, as `stridescope run` does.
struct ChoiceFailure {
  std::mutex mutex;
  std::optional<std::string> message;
  std::optional<std::string> take() {
    std::lock_guard<std::mutex> lock(mutex);
    return std::exchange(message, std::nullopt);
  }
};

// The options a capture runs with: the program tracer notes a ProgramChoiceError in `failure`.
GuiOptions noting_choice_failures(GuiOptions options,
                                  const std::shared_ptr<ChoiceFailure>& failure) {
  if (!options.program_tracer) return options;
  options.program_tracer = [inner = options.program_tracer, failure](const std::string& file,
                                                                     const ProgramChoice& choice) {
    try {
      return inner(file, choice);
    } catch (const ProgramChoiceError& e) {
      std::lock_guard<std::mutex> lock(failure->mutex);
      failure->message = e.what();
      throw;
    }
  };
  return options;
}

// Frames until the window closes or the capture is done; returns the exit status.
int loop(PlatformWindow& window, App& app, Capture& capture, const GuiOptions& options,
         ChoiceFailure& choice_failure) {
  using Clock = std::chrono::steady_clock;
  if (options.benchmark_frames > 0) {  // animate all the way: fast, from step to step
    app.session().playback().set_speed(8.0f);
    app.session().playback().toggle_play();
  }
  int status = 0, frames = 0;
  FramePacing pacing(window.display_hz());
  auto last = Clock::now();
  while (!window.should_close() && !stop_requested) {
    auto frame_start = Clock::now();
    double seconds = std::chrono::duration<double>(frame_start - last).count();
    last = frame_start;
    // The benchmark animates a fixed 1/60 s a frame: every run draws the same frames, whatever
    // each one costs (so block sizes, builds and renderers are compared on equal work).
    if (options.benchmark_frames > 0) seconds = 1.0 / 60.0;
    Playback& play = app.session().playback();
    if (options.benchmark_frames > 0 && !play.playing()) play.toggle_play();
    TextClips::instance().start_frame();
    app.frame(window, seconds, capture.screenshot());
    window.render(app.palette().canvas_background);
    if (capture.active() && app.tracing_program()) {  // a capture shows the program's trace
      window.present();
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      continue;
    }
    if (std::optional<std::string> failure =
            capture.active() ? choice_failure.take() : std::nullopt) {
      std::fputs(error_line(failure->c_str()).c_str(), stderr);
      status = 2;
      break;
    }
    ++frames;
    if (capture.after_render(window, frames, play.step(), status)) {
      if (options.report_clipped) std::fputs(TextClips::instance().report().c_str(), stdout);
      break;
    }
    window.present();
    capture.frame_shown(window, frame_start);
    if (options.benchmark_frames > 0 && frames >= options.benchmark_frames) break;
    double drawn_in = std::chrono::duration<double>(Clock::now() - frame_start).count();
    pace(window, app, pacing, capture.active() || capture.screenshot(), drawn_in);
  }
  capture.report(app.session().trace().run.block_size);
  // Test hook: how many frames the window drew and how many canvas images it painted (an idle
  // window draws none after its first few; a settled step paints none).
  if (std::getenv("STRIDESCOPE_REPORT_FRAMES") != nullptr)
    std::printf("frames: %d drawn, %zu canvas paints\n", frames, canvas_paints());
  return status;
}

// Closes the app; preferences that cannot be saved are said (the window closed all the same).
void stop(App& app) {
  try {
    app.stop();  // saving the preferences is the last thing it does
  } catch (const std::exception& e) {
    std::fprintf(stderr, "stridescope: warning: preferences not saved: %s\n", e.what());
  }
}

}  // namespace

int run_gui(const GuiOptions& given) {
  Capture capture(given);
  TextClips::instance().record(given.report_clipped);
  auto choice_failure = std::make_shared<ChoiceFailure>();
  const GuiOptions options =
      capture.active() ? noting_choice_failures(given, choice_failure) : given;
  App app(options);
  if (!app.load()) {
    std::fputs(error_line(app.error()).c_str(), stderr);
    return 2;
  }
  std::signal(SIGINT, request_stop);
  std::signal(SIGTERM, request_stop);
  try {
    PlatformWindow window(options.width, options.height, capture.active(),
                          capture.active() ? "" : config_directory() + "/imgui.ini");
    int status = 0;
    try {
      app.start(window);
    } catch (const std::exception& e) {  // shaders or fonts: the GL setup failed
      std::fputs(error_line(e.what()).c_str(), stderr);
      status = 2;
    }
    try {
      if (status == 0) status = loop(window, app, capture, options, *choice_failure);
    } catch (const std::exception& e) {
      std::fputs(error_line(e.what()).c_str(), stderr);
      status = 2;
    }
    stop(app);
    return status;
  } catch (const WindowError& e) {
    std::fputs(error_line(e.what()).c_str(), stderr);
    return 2;
  }
}

}  // namespace stridescope
