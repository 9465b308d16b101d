// The GUI's program file: one worker thread per tracing (detached, its result handed over through
// a shared job), and a cheap modification-time poll.
#include "ui/state/program_file.h"

#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include "model/launch_list.h"

namespace stridescope {
namespace fs = std::filesystem;

struct ProgramFile::Job {
  std::mutex mutex;
  ProgramChoice choice;  // what this tracing was asked for
  bool done = false;
  std::optional<ProgramTrace> result;
  std::string error;
};

namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::optional<fs::file_time_type> stamp_of(const std::string& path) {
  std::error_code ec;
  fs::file_time_type t = fs::last_write_time(path, ec);
  if (ec) return std::nullopt;
  return t;
}

}  // namespace

void ProgramFile::open(const std::string& path, std::size_t step, const ProgramChoice& choice) {
  close();  // a tracing of the file open before finishes unseen
  last_emulator_.reset();
  last_gpu_.reset();
  path_ = path;
  choice_ = choice;
  launches_.clear();
  start_step_ = step;
  shown_generation_ = SIZE_MAX;
  error_.clear();
  diagnostics_.clear();
  output_.clear();
  races_.clear();
  start();
}

void ProgramFile::close() {
  path_.clear();
  job_.reset();  // the worker keeps its own reference and finishes unseen
  retrace_ = false;
}

void ProgramFile::choose(const ProgramChoice& choice) {
  if (!is_open() || choice == choice_) return;
  choice_ = choice;
  start();  // the step shown is kept (finish), or clamped to the new trace's steps
}

bool ProgramFile::shown_in(const Session& session) const {
  return is_open() && session.has_trace() && session.generation() == shown_generation_;
}

void ProgramFile::start() {
  stamp_ = stamp_of(path_);
  text_ = read_text(path_);
  next_check_ = std::chrono::steady_clock::now() + std::chrono::milliseconds(500);
  if (job_) {  // one tracing at a time: the next one starts when this one ends
    retrace_ = true;
    return;
  }
  auto job = std::make_shared<Job>();
  job->choice = choice_;
  job_ = job;
  std::thread([job, tracer = tracer_, path = path_, choice = choice_] {
    std::optional<ProgramTrace> result;
    std::string error;
    try {
      if (!tracer) throw std::runtime_error("this build cannot trace programs");
      result = tracer(path, choice);
    } catch (const std::exception& e) {
      error = e.what();
      if (error.empty()) error = "tracing " + path + " failed";
    }
    std::lock_guard<std::mutex> lock(job->mutex);
    job->result = std::move(result);
    job->error = std::move(error);
    job->done = true;
  }).detach();
}

bool ProgramFile::file_changed() {
  auto now = std::chrono::steady_clock::now();
  if (now < next_check_) return false;
  next_check_ = now + std::chrono::milliseconds(500);
  std::optional<fs::file_time_type> stamp = stamp_of(path_);
  return stamp && stamp != stamp_;  // a file being replaced (no stamp) is checked again later
}

bool ProgramFile::has_news() const {
  if (!is_open()) return false;
  if (job_) {
    std::lock_guard<std::mutex> lock(job_->mutex);
    if (job_->done) return true;
  }
  if (std::chrono::steady_clock::now() < next_check_) return false;
  std::optional<fs::file_time_type> stamp = stamp_of(path_);
  return stamp && stamp != stamp_;
}

std::optional<ProgramOutcome> ProgramFile::poll(Session& session) {
  if (!is_open()) return std::nullopt;
  std::optional<ProgramOutcome> outcome;
  if (job_) {
    std::lock_guard<std::mutex> lock(job_->mutex);
    if (job_->done) outcome = finish(session);
  }
  if (outcome) {
    job_.reset();
    if (retrace_) {
      retrace_ = false;
      start();
    }
  }
  if (file_changed()) start();
  return outcome;
}

// Called with the job done (and locked): the trace shown, or the error kept with its lines.
ProgramOutcome ProgramFile::finish(Session& session) {
  std::string name = fs::path(path_).filename().string();
  if (!job_->result) {
    error_ = first_problem(job_->error);
    diagnostics_ = parse_diagnostics(job_->error);
    return {false, error_};
  }
  std::size_t step = shown_in(session) ? session.playback().step() : start_step_;
  const Trace& trace = job_->result->trace;
  std::string line = "traced " + name + ": " +
                     std::to_string(trace.blocks.empty() ? 0 : trace.blocks.front().steps.size()) +
                     " steps";
  if (std::string traced = traced_launch_text(trace); !traced.empty()) line += " of " + traced;
  const ProgramChoice& c = job_->choice;
  if (c.schedule != ThreadSchedule::Warps) {
    line += ", schedule " + std::string(name_of(c.schedule)) +
            (c.schedule == ThreadSchedule::Random ? " (seed " + std::to_string(c.seed) + ")" : "");
  }
  check_view_.clear();
  output_ = std::move(job_->result->output);
  races_ = std::move(job_->result->races);
  launches_ = trace.launches;
  traced_choice_ = job_->choice;
  std::optional<Kept>& kept =
      job_->choice.on_gpu ? last_gpu_ : last_emulator_;  // compare_backends()
  kept = Kept{trace, job_->choice};
  session.show(std::move(job_->result->trace), "traced " + path_ + " on the CPU (own program)",
               step);
  shown_generation_ = session.generation();
  error_.clear();
  diagnostics_.clear();
  return {true, line};
}

void ProgramFile::show_trace(Session& session, Trace trace, std::size_t step) {
  if (!is_open()) return;
  launches_ = trace.launches;
  // The Run panel says which launch and block this is (a failing case may trace another block than
  // the one the file is traced at); the file's own choice stays for its next tracing.
  check_view_ = "shown: the check's failing case, launch " + std::to_string(trace.traced_launch) +
                (trace.blocks.empty() ? std::string()
                                      : ", block " + std::to_string(trace.blocks.front().block));
  session.show(std::move(trace), "traced " + path_ + " on the CPU (the exercise's check)", step);
  shown_generation_ = session.generation();
}

bool ProgramFile::can_compare_backends() const {
  return last_gpu_ && last_emulator_ && last_gpu_->choice.launch == last_emulator_->choice.launch &&
         last_gpu_->choice.traced_block == last_emulator_->choice.traced_block;
}

bool ProgramFile::compare_backends(Session& session, const std::string& device_name) const {
  if (!can_compare_backends()) return false;
  return session.compare_traces({{"emulator (warps schedule)", last_emulator_->trace},
                                 {"GPU: " + device_name, last_gpu_->trace}});
}

}  // namespace stridescope
