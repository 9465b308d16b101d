// A CUDA program (.cu) opened in the GUI: traced on a worker thread (the window stays live while
// clang and the program run), shown in the session when the trace arrives, and watched: saving
// the file in any editor traces it again and keeps the step. A failure keeps the old trace.
#pragma once

#include <chrono>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/clang_diagnostics.h"
#include "trace/trace.h"
#include "ui/gui.h"
#include "ui/state/session.h"

namespace stridescope {

// What became of one tracing of the program (for the capture's report).
struct ProgramOutcome {
  bool traced = false;
  std::string line;  // "traced FILE: N steps" or the first problem
};

class ProgramFile {
 public:
  explicit ProgramFile(ProgramTracer tracer) : tracer_(std::move(tracer)) {}
  // Opens `path` and starts tracing it; `step` is where the first trace starts (clamped).
  void open(const std::string& path, std::size_t step = 0, const ProgramChoice& choice = {});
  // Traces the program again with another launch, block or schedule, keeping the step shown.
  void choose(const ProgramChoice& choice);
  const ProgramChoice& choice() const { return choice_; }  // the one asked for last
  void close();  // stops watching; a tracing under way finishes unseen
  bool is_open() const { return !path_.empty(); }
  const std::string& path() const { return path_; }
  // Once a frame: shows a finished trace in `session` (keeping the step when it showed this
  // program), and re-traces when the file changed (its time checked twice a second).
  std::optional<ProgramOutcome> poll(Session& session);
  bool tracing() const { return job_ != nullptr; }
  // poll() would show something new: a tracing ended, or the file changed (checked at poll's
  // pace). For a window that sleeps between frames.
  bool has_news() const;
  bool shown_in(const Session& session) const;  // the session shows this program's trace
  // Shows a trace of this program made elsewhere (an exercise check's failing case) at `step`.
  void show_trace(Session& session, Trace trace, std::size_t step);
  // The last emulator trace and the last GPU trace of the file are of the same launch and block:
  // they can be shown side by side (Compare tab), first difference marked.
  bool can_compare_backends() const;
  bool compare_backends(Session& session, const std::string& device_name) const;

  const std::string& text() const { return text_; }  // the file as last read
  const std::vector<Diagnostic>& diagnostics() const { return diagnostics_; }
  const std::string& error() const { return error_; }    // the first problem of the last tracing
  const std::string& output() const { return output_; }  // what the traced program printed
  // Races in global memory the traced run had (every launch and block), one sentence each.
  const std::vector<std::string>& races() const { return races_; }
  // Where the trace shown is an exercise check's failing case: which launch and block it is.
  const std::string& check_view() const { return check_view_; }
  // The launches of the last trace that arrived (kept through a failed tracing), and its choice.
  const std::vector<ProgramLaunch>& launches() const { return launches_; }
  const ProgramChoice& traced_choice() const { return traced_choice_; }

 private:
  struct Job;
  void start();
  bool file_changed();
  ProgramOutcome finish(Session& session);

  ProgramTracer tracer_;
  ProgramChoice choice_, traced_choice_;
  std::vector<ProgramLaunch> launches_;
  std::string path_, text_, error_, output_;
  std::vector<Diagnostic> diagnostics_;
  std::vector<std::string> races_;
  std::string check_view_;
  std::shared_ptr<Job> job_;
  bool retrace_ = false;  // the file changed while it was being traced
  std::size_t start_step_ = 0, shown_generation_ = SIZE_MAX;
  std::optional<std::filesystem::file_time_type> stamp_;
  struct Kept {
    Trace trace;
    ProgramChoice choice;
  };
  std::optional<Kept> last_emulator_, last_gpu_;  // the last trace of each backend
  std::chrono::steady_clock::time_point next_check_{};
};

}  // namespace stridescope
