// "Save GIF..." in the window: the app's own `stridescope export` (gif_export_command.h), run as a
// child process on a worker thread (it renders in a window of its own for a few seconds), for
// what the window shows: the trace on screen (saved beside the GIF's name in the temporary
// folder), the compare, or the whole lesson, at the window's size, text size, theme and view. In
// the browser (gif_export_job_web.cpp) the page runs it in a frame of its own instead.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ui/export/gif_export_command.h"
#include "ui/state/app_context.h"

namespace stridescope {

class GifExportJob {
 public:
  // Starts the export of what `ctx` shows into `gif` (false: one is under way, or the trace could
  // not be saved; message() says why).
  bool start(const AppContext& ctx, const std::string& gif, int width, int height);
  bool running() const { return job_ != nullptr; }
  bool finished() const;  // the child has ended: take() has its line
  // Once it has ended: its last line ("wrote x.gif: 80 frames ..." or "stridescope: error: ...")
  // and whether it succeeded.
  std::optional<std::pair<std::string, bool>> take();
  // Runs `argv` to its end: its exit status and everything it printed (tests call it directly).
  static std::pair<int, std::string> run_to_end(const std::vector<std::string>& argv);

 private:
  struct Job;
  std::shared_ptr<Job> job_;
};

}  // namespace stridescope
