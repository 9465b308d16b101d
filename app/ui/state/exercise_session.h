// The window's exercise: which one is chosen, its file (written from the starter, then opened as
// the watched program, traced by the exercise's harness), and its check, run on a worker thread
// when asked and again whenever the file is saved; a failure's trace is shown at its step.
#pragma once

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "exercises/check_result.h"
#include "exercises/progress.h"
#include "ui/gui_options.h"
#include "ui/state/program_file.h"
#include "ui/state/session.h"

namespace stridescope {

// The folder the window writes exercises into: $STRIDESCOPE_EXERCISE_DIR, or
// ~/stridescope-exercises (a folder the learner's editor finds).
std::filesystem::path exercise_folder();

class ExerciseSession {
 public:
  explicit ExerciseSession(ExerciseChecker checker) : checker_(std::move(checker)) {}

  const std::string& chosen() const { return chosen_; }
  void choose(const std::string& name);  // no file opened; the result of another one is dropped

  // Writes the starter into the folder (never over a file) and opens it as the program; an
  // existing file is opened as it is. False with error() set if it cannot.
  bool start(ProgramFile& program);
  // Opens `file` (the learner's own) for the chosen exercise and checks it.
  void use_file(const std::string& file, ProgramFile& program);
  const std::string& file() const { return file_; }
  void check();  // on a worker thread; a check asked for while one runs follows it
  bool checking() const { return job_ != nullptr; }

  // Once a frame: takes a finished check (marking the exercise done when it passed) and checks
  // again when the file was saved.
  void poll();
  // A finished check or a saved file is waiting for poll(): a sleeping window wakes for it.
  bool has_news() const;
  const std::optional<CheckResult>& result() const { return result_; }
  const std::string& error() const { return error_; }

  // Shows failure k's trace as the program's, at its step; false if it has none.
  bool show_failure(std::size_t k, ProgramFile& program, Session& session);
  // The line the shown failure marks, and its sentence (0: none).
  int marked_line() const { return marked_line_; }
  const std::string& marked_text() const { return marked_text_; }

  ExerciseProgress& progress() { return progress_; }
  void save_progress_now();

 private:
  struct Job;
  ExerciseChecker checker_;
  std::string chosen_, file_, error_, marked_text_;
  int marked_line_ = 0;
  std::optional<CheckResult> result_;
  std::shared_ptr<Job> job_;
  bool again_ = false;  // asked to check while a check ran
  std::optional<std::filesystem::file_time_type> checked_stamp_;
  std::chrono::steady_clock::time_point next_look_{};
  ExerciseProgress progress_ = load_progress();
};

}  // namespace stridescope
