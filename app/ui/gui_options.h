// What the window starts with and the functions main hands it (tracing programs, checking
// exercises, the device), set at the command line's edge.
#pragma once

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "catalog/bench/bench_report.h"
#include "catalog/request.h"
#include "core/program_choice.h"
#include "exercises/check_result.h"
#include "model/lessons.h"
#include "model/prediction.h"
#include "trace/trace.h"
#include "ui/panels/view_id.h"

namespace stridescope {

// What tracing a program gives: its trace and what it printed. Failures throw, with clang's or the
// runtime's messages as the exception's text.
struct ProgramTrace {
  Trace trace;
  std::string output;
  std::vector<std::string> races;  // races in global memory, one sentence each (every launch)
};
using ProgramTracer =
    std::function<ProgramTrace(const std::string& file, const ProgramChoice& choice)>;
// A tracing that failed because the program has no such launch or block as was asked for (--launch
// 99): the command line's mistake, not the file's. A capture run (--screenshot) stops with it.
class ProgramChoiceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};
// Checks a learner's file against an exercise (app/exercises/checker/checker.h), on a worker
// thread.
using ExerciseChecker =
    std::function<CheckResult(const std::string& exercise, const std::string& file)>;

struct GuiOptions {
  RunRequest request;                        // the run shown at start, unless a trace file is given
  std::optional<std::string> trace_path;     // show this recorded trace instead
  std::optional<std::string> program_path;   // trace this CUDA program (.cu) and watch it
  ProgramChoice program_choice;              // its launch, block and schedule to trace first
  ProgramTracer program_tracer;              // how (app/program), set by main
  ExerciseChecker exercise_checker;          // the Exercises tab's Check, set by main
  std::optional<std::string> exercise;       // start on this exercise (the Exercises tab)
  std::optional<std::string> exercise_file;  // its file: opened, traced and checked at start
  bool show_failure = false;         // when the check fails: its first failure's trace at its step
  std::vector<std::string> compare;  // 2 to 4 variants side by side (request's other settings)
  std::vector<std::string> compare_trace_paths;  // 2 to 4 trace files side by side
  std::optional<LessonId> lesson;   // start this lesson at its first step (request is it)
  std::optional<std::size_t> step;  // start at this step
  std::string screenshot_path;      // if set: render, write a PNG, exit
  bool report_clipped = false;      // with it: print the texts the shot's frame cut
  int width = 1600;
  int height = 900;
  std::optional<float> font_scale;
  std::optional<bool> high_contrast;
  bool presenter = false;      // start in the presenter view (canvas across the window)
  int benchmark_frames = 0;    // if > 0: animate this many frames, print frame times, exit
  bool exporting = false;      // frames for `export`: no controls a viewer cannot use
  View view = View::Memory;    // the centre tab shown at start
  bool quiz = false;           // start with the quiz on (predict the next step)
  PredictionMarks quiz_marks;  // marks for the first prediction (--quiz-marks)
  std::function<BenchReport()> device_bench;  // live timings, set when a CUDA device is usable
  std::string device_name;                    // CUDA device, empty when none
  std::function<Trace(const RunRequest&)> device_tracer;  // set when a CUDA device is usable
};

}  // namespace stridescope
