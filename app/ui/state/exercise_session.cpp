// The window's exercise (see exercise_session.h): a detached worker per check, its result handed
// over through a shared job, and a modification-time poll of the learner's file.
#include "ui/state/exercise_session.h"

#include <cstdlib>
#include <mutex>
#include <thread>

#include "core/files.h"
#include "exercises/exercise.h"

namespace stridescope {

namespace fs = std::filesystem;

struct ExerciseSession::Job {
  std::mutex mutex;
  bool done = false;
  CheckResult result;
};

namespace {
std::optional<fs::file_time_type> stamp_of(const std::string& path) {
  std::error_code ec;
  const fs::file_time_type t = fs::last_write_time(path, ec);
  if (ec) return std::nullopt;
  return t;
}
}  // namespace

fs::path exercise_folder() {
  if (const char* d = std::getenv("STRIDESCOPE_EXERCISE_DIR"); d && *d) return d;
  if (const char* d = std::getenv("HOME"); d && *d) return fs::path(d) / "stridescope-exercises";
  return fs::current_path() / "stridescope-exercises";
}

void ExerciseSession::choose(const std::string& name) {
  if (name == chosen_) return;
  chosen_ = name;
  file_.clear();
  result_.reset();
  job_.reset();
  again_ = false;
  error_.clear();
  marked_line_ = 0;
  marked_text_.clear();
  checked_stamp_.reset();
}

bool ExerciseSession::start(ProgramFile& program) {
  const Exercise* e = find_exercise(chosen_);
  if (!e) return false;
  const fs::path file = exercise_folder() / (e->name + ".cu");
  std::error_code ec;
  if (!fs::exists(file, ec)) {
    fs::create_directories(file.parent_path(), ec);
    try {
      write_output_file(file.string(), "// " + e->title + ": stridescope exercise check " +
                                           e->name + " " + file.string() + "\n" + e->starter);
    } catch (const FileError& failure) {
      error_ = failure.what();
      return false;
    }
  }
  use_file(file.string(), program);
  return true;
}

void ExerciseSession::use_file(const std::string& file, ProgramFile& program) {
  file_ = file;
  error_.clear();
  ProgramChoice choice;
  choice.exercise = chosen_;
  program.open(file_, 0, choice);
  check();
}

void ExerciseSession::check() {
  if (file_.empty() || chosen_.empty()) return;
  checked_stamp_ = stamp_of(file_);
  if (job_) {
    again_ = true;
    return;
  }
  auto job = std::make_shared<Job>();
  job_ = job;
  std::thread([job, checker = checker_, name = chosen_, file = file_] {
    CheckResult result;
    try {
      if (!checker) throw std::runtime_error("this build cannot check exercises");
      result = checker(name, file);
    } catch (const std::exception& e) {
      result.error = e.what();
    }
    std::lock_guard<std::mutex> lock(job->mutex);
    job->result = std::move(result);
    job->done = true;
  }).detach();
}

bool ExerciseSession::has_news() const {
  if (job_) {
    std::lock_guard<std::mutex> lock(job_->mutex);
    if (job_->done) return true;
  }
  if (file_.empty() || std::chrono::steady_clock::now() < next_look_) return false;
  const std::optional<fs::file_time_type> stamp = stamp_of(file_);
  return stamp && stamp != checked_stamp_;
}

void ExerciseSession::poll() {
  if (job_) {
    std::unique_lock<std::mutex> lock(job_->mutex);
    if (job_->done) {
      result_ = std::move(job_->result);
      lock.unlock();
      job_.reset();
      marked_line_ = 0;
      marked_text_.clear();
      if (result_->passed() && progress_.done.insert(chosen_).second) save_progress_now();
      if (again_) {
        again_ = false;
        check();
      }
    }
  }
  const auto now = std::chrono::steady_clock::now();
  if (file_.empty() || now < next_look_) return;
  next_look_ = now + std::chrono::milliseconds(500);
  const std::optional<fs::file_time_type> stamp = stamp_of(file_);
  if (stamp && stamp != checked_stamp_) check();  // saved in an editor: checked again
}

bool ExerciseSession::show_failure(std::size_t k, ProgramFile& program, Session& session) {
  if (!result_ || k >= result_->failures.size()) return false;
  const CheckFailure& f = result_->failures[k];
  if (!f.trace) return false;
  program.show_trace(session, *f.trace, f.step);
  marked_line_ = f.line;
  marked_text_ = f.sentence;
  return true;
}

void ExerciseSession::save_progress_now() {
  save_progress(progress_);
}

}  // namespace stridescope
