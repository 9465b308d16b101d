// The window's GIF export in the browser: the page runs `stridescope export` (gif_export_command.h)
// in a hidden frame of its own (index.html's stridescope_export_gif), as the desktop runs it in a
// child process: its own app, canvas and file system. The frame hands the GIF back to the page,
// which offers it as a download and tells this job how it ended.
#include "ui/export/gif_export_job.h"

#include <emscripten.h>

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>

#include "core/browser.h"
#include "trace/trace_json.h"

namespace stridescope {
namespace {

struct Outcome {
  bool done = false, ok = false;
  std::string line, gif;
};
std::shared_ptr<Outcome> waiting;  // the page runs one export frame at a time

constexpr const char* kTraceFile = "/tmp/stridescope-gif.json";

}  // namespace

struct GifExportJob::Job {
  std::shared_ptr<Outcome> outcome = std::make_shared<Outcome>();
};

bool GifExportJob::start(const AppContext& ctx, const std::string& gif, int width, int height) {
  if (job_ || waiting || !ctx.session.has_trace()) return false;
  std::string trace_file;
  if (!ctx.lesson && !ctx.session.comparing()) {
    trace_file = kTraceFile;
    try {
      save_trace(ctx.session.trace(), trace_file);
    } catch (const std::exception&) {
      return false;
    }
  }
  // The page draws in the screen's pixels (index.html's pixelScale, 2 on most laptops), its text
  // scaled alike: the GIF is made at the size and text size the viewer sees.
  const double scale = EM_ASM_DOUBLE({ return Module.pixelScale || 1; });
  const std::vector<std::string> argv =
      gif_export_command(ctx, "stridescope", gif, trace_file, static_cast<int>(width / scale),
                         static_cast<int>(height / scale),
                         std::max(0.5f, static_cast<float>(ctx.settings.font_scale / scale)));
  const nlohmann::json request = {
      {"argv", argv},
      {"files", trace_file.empty() ? nlohmann::json::array() : nlohmann::json{trace_file}},
      {"out", gif}};
  job_ = std::make_shared<Job>();
  job_->outcome->gif = gif;
  waiting = job_->outcome;
  EM_ASM({ stridescope_export_gif(UTF8ToString($0)); }, request.dump().c_str());
  return true;
}

bool GifExportJob::finished() const {
  return job_ && job_->outcome->done;
}

std::optional<std::pair<std::string, bool>> GifExportJob::take() {
  if (!finished()) return std::nullopt;
  std::pair<std::string, bool> result(job_->outcome->line, job_->outcome->ok);
  job_.reset();
  return result;
}

}  // namespace stridescope

// The page's export frame ended: its status and last line ("wrote x.gif: ..." or an error).
extern "C" EMSCRIPTEN_KEEPALIVE void stridescope_web_gif_done(int status, const char* line) {
  using namespace stridescope;
  if (!waiting) return;
  waiting->ok = status == 0;
  // "wrote /downloads/x.gif: 120 frames ..." is, for the viewer, "x.gif offered as a download".
  std::string said = line;
  const std::string wrote = "wrote " + waiting->gif;
  if (said.starts_with(wrote)) said = saved_text(waiting->gif) + said.substr(wrote.size());
  waiting->line = with_shown_path(said, waiting->gif);
  if (waiting->line.empty())
    waiting->line = "the export stopped (status " + std::to_string(status) + ")";
  std::remove(kTraceFile);
  waiting->done = true;
  waiting.reset();
}
