// The window's GIF export on the desktop: `stridescope export` (gif_export_command.h) as a child
// process on a detached thread (posix_spawn, its stdout and stderr in one pipe, read to the end).
#include "ui/export/gif_export_job.h"

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <mutex>
#include <thread>

#include "core/format.h"
#include "core/spawn.h"
#include "trace/trace_json.h"

namespace stridescope {

struct GifExportJob::Job {
  std::mutex mutex;
  bool done = false, ok = false;
  std::string line;
};

std::pair<int, std::string> GifExportJob::run_to_end(const std::vector<std::string>& argv) {
  ChildOutput child = run_for_output(argv, true);
  if (child.status == -1 && child.text.empty()) return {-1, "cannot start " + argv.at(0)};
  return {child.status, std::move(child.text)};
}

bool GifExportJob::start(const AppContext& ctx, const std::string& gif, int width, int height) {
  if (job_ || !ctx.session.has_trace()) return false;
  std::string trace_file;  // the trace on screen, for the child to open
  if (!ctx.lesson && !ctx.session.comparing()) {
    std::error_code ec;
    trace_file = (std::filesystem::temp_directory_path(ec) /
                  ("stridescope-gif-" + std::to_string(getpid()) + ".json"))
                     .string();
    try {
      save_trace(ctx.session.trace(), trace_file);
    } catch (const std::exception&) {
      return false;
    }
  }
  std::error_code ec;
  std::string program = std::filesystem::read_symlink("/proc/self/exe", ec).string();
  if (program.empty()) return false;
  auto job = std::make_shared<Job>();
  job_ = job;
  std::vector<std::string> argv =
      gif_export_command(ctx, program, gif, trace_file, width, height, ctx.settings.font_scale);
  std::thread([job, argv, trace_file] {
    auto [status, text] = run_to_end(argv);
    if (!trace_file.empty()) std::remove(trace_file.c_str());
    std::lock_guard<std::mutex> lock(job->mutex);
    job->ok = status == 0;
    job->line = last_line(text);
    if (job->line.empty()) job->line = "the export stopped (status " + std::to_string(status) + ")";
    job->done = true;
  }).detach();
  return true;
}

bool GifExportJob::finished() const {
  std::shared_ptr<Job> job = job_;
  if (!job) return false;
  std::lock_guard<std::mutex> lock(job->mutex);
  return job->done;
}

std::optional<std::pair<std::string, bool>> GifExportJob::take() {
  std::shared_ptr<Job> job = job_;
  if (!job) return std::nullopt;
  std::lock_guard<std::mutex> lock(job->mutex);
  if (!job->done) return std::nullopt;
  job_.reset();
  return std::pair(job->line, job->ok);
}

}  // namespace stridescope
