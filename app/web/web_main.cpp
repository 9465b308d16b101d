// The browser's entry: the page's address, turned into the window's command-line options by
// index.html, parsed as the desktop parses them; then one frame of the same app per browser frame
// (emscripten's main loop), and the page's hooks: a trace file dropped, downloads, the state shown.
// In the page's export frame, `stridescope export` instead (the GIF of Save GIF...).
#include <emscripten.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <memory>
#include <sstream>
#include <string>

#include "cli/export_command.h"
#include "cli/window_options.h"
#include "core/browser.h"
#include "core/error_line.h"
#include "core/format.h"
#include "model/file_listing.h"
#include "ui/platform/capture.h"
#include "ui/platform/frame_pacing.h"
#include "ui/platform/text_clips.h"
#include "ui/state/app.h"
#include "ui/widgets/desktop_dialog.h"
#include "web/shown_state.h"

namespace stridescope {
namespace {

struct WebApp {
  std::unique_ptr<App> app;
  std::unique_ptr<PlatformWindow> window;
  std::unique_ptr<Capture> capture;  // "Save PNG": a frame settled, without the pointer, written
  int frames = 0;
  // The desktop's pacing: frames while something moves or after input, then none (a page that
  // redrew 60 times a second for nothing would drain a laptop's battery).
  FramePacing pacing{60.0};
  bool asleep = false;
  double last_seconds = 0;
  bool drew_a_frame = false;
};
WebApp web;

// The page shows the error in place of the canvas (index.html's stridescope_error).
void say_error(const std::string& message) {
  std::fputs(error_line(message).c_str(), stderr);
  EM_ASM({ stridescope_error(UTF8ToString($0)); }, message.c_str());
}

// Every file the app saved into /downloads (the browser's Save dialog names it there) is offered
// to the user as a download, then removed.
void offer_downloads() {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(kBrowserDownloads, ec)) {
    if (!entry.is_regular_file(ec)) continue;
    const std::string path = entry.path().string();
    EM_ASM({ stridescope_download(UTF8ToString($0)); }, path.c_str());
    std::filesystem::remove(entry.path(), ec);
  }
}

void frame(void*) {
  if (web.asleep) {
    if (!web.window->events_waiting() && !web.app->wake_due()) return;
    web.asleep = false;
    web.last_seconds = 0;  // the time asleep is no time for the playback
  }
  const double now = emscripten_get_now() / 1000.0;
  const double seconds = web.last_seconds > 0 ? now - web.last_seconds : 1.0 / 60.0;
  web.last_seconds = now;
  try {
    TextClips::instance().start_frame();
    web.app->frame(*web.window, seconds, web.capture->screenshot());
    web.window->render(web.app->palette().canvas_background);
    int status = 0;
    web.capture->after_render(*web.window, ++web.frames, web.app->session().shown_step(), status);
    web.window->present();
    offer_downloads();
    const FrameState state{web.capture->screenshot(), web.app->animating(),
                           web.window->take_events() > 0};
    web.asleep = !web.pacing.after_frame(state, 0).has_value();
    if (!web.drew_a_frame) {  // the page notes the time to its first frame
      web.drew_a_frame = true;
      EM_ASM({ stridescope_first_frame(); });
    }
  } catch (const std::exception& e) {
    say_error(e.what());
    emscripten_cancel_main_loop();
  }
}

int start(int argc, char** argv) {
  CLI::App cli{"StrideScope in the browser"};
  WindowOptions window_options;
  add_window_options(cli, window_options);
  GuiOptions options;
  try {
    cli.parse(argc, argv);
    options = to_gui_options(window_options);
  } catch (const CLI::Success&) {  // ?help: the options, as `stridescope --help` lists them
    EM_ASM({ stridescope_message(UTF8ToString($0)); }, cli.help().c_str());
    return 0;
  } catch (const std::exception& e) {  // the parser's errors too
    say_error(e.what());
    return 2;
  }
  web.capture = std::make_unique<Capture>(options);
  web.app = std::make_unique<App>(options);
  if (!web.app->load()) {
    say_error(web.app->error());
    return 2;
  }
  try {
    web.window = std::make_unique<PlatformWindow>(options.width, options.height, false, "");
    web.app->start(*web.window);
  } catch (const std::exception& e) {
    say_error(e.what());
    return 2;
  }
  emscripten_set_main_loop_arg(frame, nullptr, 0, false);
  return 0;
}

// The page's export frame (index.html): `stridescope export ...`, run as the desktop's command runs
// it, in this frame's canvas; its status and last line go to the page that asked.
int export_in_frame(int argc, char** argv) {
  CLI::App cli{"StrideScope's export, in a frame of the page"};
  ExportOptions options;
  add_export_options(*cli.add_subcommand("export", ""), options);
  std::ostringstream out;
  int status = 2;
  try {
    cli.parse(argc, argv);
    status = command_export(options, out);
  } catch (const std::exception& e) {  // the parser's errors too
    std::fputs(error_line(e.what()).c_str(), stderr);
  }
  EM_ASM({ stridescope_export_done($0, UTF8ToString($1)); }, status, last_line(out.str()).c_str());
  return status;
}

}  // namespace
}  // namespace stridescope

extern "C" {

// A file dropped on the page, copied into the page's file system at `path`: a trace is shown as
// the Run panel's Open shows one; the Run panel says why another cannot be.
EMSCRIPTEN_KEEPALIVE int stridescope_web_open_trace(const char* path) {
  using namespace stridescope;
  if (!web.app) return 0;
  if (!has_extension(path, {".json"})) {
    web.window->count_event();
    web.app->session().refuse(shown_path(path) + " is not a trace (.json)" +
                              (has_extension(path, {".cu"})
                                   ? ": a CUDA program is compiled with clang, which a "
                                     "browser cannot run; on the desktop, stridescope " +
                                         shown_path(path) + " opens it"
                                   : ""));
    return 0;
  }
  web.window->count_event();  // the page draws the trace (or why not) at its next frame
  return web.app->session().open(path) ? 1 : 0;
}

// The browser's window changed size: the canvas follows it (unless the address gave a size).
EMSCRIPTEN_KEEPALIVE void stridescope_web_resize(int width, int height) {
  if (stridescope::web.window && width > 0 && height > 0) {
    stridescope::web.window->resize(width, height);
    stridescope::web.window->count_event();
  }
}

// What the page shows (shown_state.h): for its tests, and the address it keeps.
EMSCRIPTEN_KEEPALIVE const char* stridescope_web_state() {
  using namespace stridescope;
  static std::string state;
  state = web.app ? shown_state(web.app->session(), web.app->lesson_runs() > 0, web.frames) : "{}";
  return state.c_str();
}

}  // extern "C"

int main(int argc, char** argv) {
  if (argc > 1 && std::string(argv[1]) == "export") return stridescope::export_in_frame(argc, argv);
  return stridescope::start(argc, argv);
}
