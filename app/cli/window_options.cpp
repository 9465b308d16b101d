// The window's command-line options, converted strictly into GuiOptions.
#include "cli/window_options.h"

#include "core/decimal.h"

#include "exercises/exercise.h"

#include <charconv>
#include <filesystem>

#include "model/file_listing.h"

#include "cli/quiz_marks.h"

namespace stridescope {
namespace {

float parse_font_scale(const std::string& text) {
  double scale = 0;
  if (!read_decimal(text, scale) || !(scale >= 0.5 && scale <= 4)) {
    throw CliError("--font-scale must be between 0.5 and 4, not " + text);
  }
  return static_cast<float>(scale);
}

// "a,b,c" as its parts.
std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  while (true) {
    std::size_t comma = text.find(',', start);
    parts.push_back(text.substr(start, comma == std::string::npos ? comma : comma - start));
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return parts;
}

// "a,b,c": 2 to 4 variants, each one that takes the request's block size and type.
std::vector<std::string> parse_compare(const std::string& text, const RunRequest& request) {
  std::vector<std::string> names = split_list(text);
  if (names.size() < 2 || names.size() > 4) {
    throw CliError("--compare takes 2 to 4 variants separated by commas, not " +
                   std::to_string(names.size()) + " ('" + text + "')");
  }
  for (const std::string& name : names) {
    RunRequest r = request;
    r.variant = name;
    try {
      validate(r);
    } catch (const std::exception& e) {
      std::string what = e.what();
      if (what.find(name) == std::string::npos) what = name + ": " + what;  // name the variant
      throw CliError("--compare: " + what);
    }
  }
  return names;
}

// --open FILE: a recorded trace (.json) becomes --trace; a program (.cu) is traced and watched.
void apply_open(const std::string& file, GuiOptions& gui) {
  if (has_extension(file, {".json"})) {
    gui.trace_path = file;
  } else if (has_extension(file, {".cu"})) {
    if (!std::filesystem::is_regular_file(file)) throw CliError("--open: no such file: " + file);
    gui.program_path = file;
  } else {
    throw CliError("--open takes a trace (.json) or a CUDA program (.cu), not " + file);
  }
}

// --open FILE / --trace FILE: the run's settings come from the file; a program (.cu) takes
// --launch, --traced-block, --schedule and --seed as `stridescope run` does.
void apply_file(const WindowOptions& o, GuiOptions& gui) {
  const std::string file_option = !o.open.empty() ? "--open" : "--trace";
  const bool program = !o.open.empty() && has_extension(o.open, {".cu"});
  for (const CLI::Option* given : o.run_given) {
    const bool program_option =
        given->get_name() == "--traced-block" || given->get_name() == "--seed";
    if (given->count() > 0 && !(program && program_option)) {
      throw CliError(file_option + " opens a file: leave out " + given->get_name() +
                     " (the run's settings come from the file)");
    }
  }
  if (!o.trace.empty()) gui.trace_path = o.trace;
  if (!o.open.empty()) apply_open(o.open, gui);
  if (program) {
    gui.program_choice = to_program_choice({o.launch, o.run.traced_block, o.schedule, o.run.seed});
  }
}

// --lesson NAME: the lesson's first step is the run; it takes no run options, trace or compare.
GuiOptions with_lesson(GuiOptions gui, const WindowOptions& o) {
  LessonId id = parse_choice<LessonId>(o.lesson, "--lesson");
  if (!o.trace.empty() || !o.open.empty() || !o.compare.empty()) {
    throw CliError("--lesson runs its own steps: leave out --trace, --open and --compare");
  }
  for (const CLI::Option* given : o.run_given) {
    if (given->count() > 0) {
      throw CliError("--lesson runs its own steps: leave out " + given->get_name());
    }
  }
  gui.lesson = id;
  gui.request = lesson_request(lesson_of(id).steps.front());
  validate(gui.request);
  return gui;
}

// --compare-traces A.json,B.json: 2 to 4 trace files side by side, in the Compare tab.
GuiOptions with_compared_traces(GuiOptions gui, const WindowOptions& o) {
  if (!o.trace.empty() || !o.open.empty() || !o.compare.empty() || !o.lesson.empty() ||
      !o.exercise.empty())
    throw CliError(
        "--compare-traces opens its own files: leave out --trace, --open, --compare, "
        "--lesson, --exercise");
  for (const std::string& f : split_list(o.compare_traces)) {
    if (!std::filesystem::is_regular_file(f))
      throw CliError("--compare-traces: no such file: " + f);
    gui.compare_trace_paths.push_back(f);
  }
  if (gui.compare_trace_paths.size() < 2 || gui.compare_trace_paths.size() > 4)
    throw CliError("--compare-traces takes 2 to 4 trace files (A.json,B.json)");
  if (o.view == "memory") gui.view = View::Compare;
  return gui;
}

// --exercise NAME [--exercise-file FILE] [--show-failure]: the Exercises tab.
GuiOptions with_exercise(GuiOptions gui, const WindowOptions& o) {
  if (o.exercise.empty()) throw CliError("--exercise-file and --show-failure need --exercise NAME");
  if (!find_exercise(o.exercise))
    throw CliError("--exercise: no exercise named '" + o.exercise +
                   "' (stridescope exercise list)");
  if (!o.trace.empty() || !o.open.empty() || !o.compare.empty() || !o.lesson.empty())
    throw CliError("--exercise opens its own file: leave out --trace, --open, --compare, --lesson");
  if (!o.exercise_file.empty() && !std::filesystem::is_regular_file(o.exercise_file))
    throw CliError("--exercise-file: no such file: " + o.exercise_file);
  gui.exercise = o.exercise;
  if (!o.exercise_file.empty()) gui.exercise_file = o.exercise_file;
  gui.show_failure = o.show_failure;
  if (o.view == "memory" && !o.show_failure) gui.view = View::Exercises;
  return gui;
}

// --quiz asks about one run of the catalog or one trace file; --quiz-marks is a guess for it. What
// the window would not quiz on is refused, not ignored.
void check_quiz(const WindowOptions& o) {
  if (!o.quiz_marks.empty() && !o.quiz)
    throw CliError("--quiz-marks is a guess for the quiz: give --quiz too");
  if (!o.quiz) return;
  const std::string other = !o.compare.empty()               ? "--compare"
                            : !o.compare_traces.empty()      ? "--compare-traces"
                            : !o.exercise.empty()            ? "--exercise"
                            : has_extension(o.open, {".cu"}) ? "--open FILE.cu"
                                                             : "";
  if (!other.empty())
    throw CliError("the quiz asks about one run of the catalog or one trace file: leave out " +
                   other + " (or --quiz)");
}

}  // namespace

void add_window_options(CLI::App& app, WindowOptions& o) {
  app.add_option("file", o.file,
                 "a trace (.json) or a CUDA program (.cu) to open, as --open FILE opens it");
  o.run_given = add_run_options(app, o.run);
  app.add_option("--trace", o.trace, "open a recorded trace file");
  app.add_option("--open", o.open,
                 "open a trace (.json) or a CUDA program (.cu: traced, re-traced when saved)")
      ->type_name("FILE");
  o.launch_given =
      app.add_option("--launch", o.launch, "with --open FILE.cu: which kernel launch to trace")
          ->type_name("UINT");
  o.schedule_given = app.add_option("--schedule", o.schedule,
                                    "with --open FILE.cu: thread order between barriers: warps "
                                    "(default: what a GPU prints), threads, lockstep, random "
                                    "(--seed N)");
  app.add_option("--compare", o.compare,
                 "2 to 4 variants side by side, step-locked, on the same input (a,b,c)")
      ->type_name("V1,V2,...");
  app.add_option("--lesson", o.lesson,
                 "step through a lesson with the arrow keys: " + enum_choices<LessonId>())
      ->type_name("NAME");
  app.add_option("--step", o.step, "start at this step (0 = first)")->type_name("UINT");
  app.add_option("--screenshot", o.screenshot, "render one frame to this PNG file and exit");
  app.add_flag("--report-clipped", o.report_clipped,
               "with --screenshot: print every text of the frame that the room it is given cuts "
               "(clipped texts: N, then a line each)");
  app.add_option("--size", o.size, "window size WIDTHxHEIGHT");
  app.add_option("--font-scale", o.font_scale, "text size, 0.5..4 (presenter: 2)")
      ->type_name("FLOAT");
  o.contrast_given = app.add_flag("--high-contrast", o.high_contrast, "high-contrast theme");
  app.add_option("--view", o.view,
                 "centre tab at start: memory, grid, timing, precision, compare or exercises");
  app.add_flag("--presenter", o.presenter,
               "start in the presenter view (canvas across the window)");
  app.add_flag("--quiz", o.quiz,
               "start with the quiz on: predict each next step before it is revealed (key Q)");
  app.add_option("--quiz-marks", o.quiz_marks,
                 "with --quiz: a prepared guess for the first prediction: \"words=0-7 "
                 "threads=0-7 degree=1\"; Enter reveals it")
      ->type_name("MARKS");
  app.add_option("--compare-traces", o.compare_traces,
                 "2 to 4 traces of one program side by side, step-locked, opened at their first "
                 "difference (the emulator's and the GPU's: run --out, run --backend cuda --out)")
      ->type_name("A.json,B.json");
  app.add_option("--exercise", o.exercise,
                 "open the Exercises tab on this exercise (see: stridescope exercise list)")
      ->type_name("NAME");
  app.add_option("--exercise-file", o.exercise_file,
                 "with --exercise: your file for it, opened, traced and checked at start")
      ->type_name("FILE");
  app.add_flag("--show-failure", o.show_failure,
               "with --exercise-file: when the check fails, show its first failure's trace at "
               "its step");
  app.add_option("--benchmark-frames", o.benchmark_frames,
                 "animate this many frames (1/60 s of playback each, at 8 steps/s), print frame "
                 "times, exit")
      ->type_name("UINT");
}

// `stridescope FILE` as `stridescope --open FILE`.
WindowOptions with_file_opened(WindowOptions o) {
  if (o.file.empty()) return o;
  if (!has_extension(o.file, {".json", ".cu"})) {
    throw CliError("'" + o.file +
                   "' is not a command (stridescope --help lists them), nor a trace (.json) or a "
                   "CUDA program (.cu) to open");
  }
  if (!o.open.empty() || !o.trace.empty())
    throw CliError(o.file + " and --open or --trace: give one file");
  o.open = o.file;
  return o;
}

GuiOptions to_gui_options(const WindowOptions& options) {
  const WindowOptions o = with_file_opened(options);
  GuiOptions gui;
  parse_window_size(o.size, gui.width, gui.height);
  std::optional<View> view = parse_enum<View>(o.view);
  if (!view) throw CliError("--view must be " + enum_choices<View>() + ", not " + o.view);
  gui.view = *view;
  if (!o.font_scale.empty()) gui.font_scale = parse_font_scale(o.font_scale);
  if (o.contrast_given->count() > 0) gui.high_contrast = o.high_contrast;
  gui.presenter = o.presenter;
  gui.screenshot_path = o.screenshot;
  if (o.report_clipped && o.screenshot.empty())
    throw CliError("--report-clipped checks the frame of a --screenshot: give --screenshot FILE");
  gui.report_clipped = o.report_clipped;
  gui.benchmark_frames =
      static_cast<int>(parse_whole(o.benchmark_frames, "--benchmark-frames", 0, 1000000));
  if (!o.step.empty()) gui.step = parse_whole(o.step, "--step", 0, UINT32_MAX);
  check_quiz(o);
  gui.quiz = o.quiz;
  if (!o.quiz_marks.empty()) gui.quiz_marks = parse_quiz_marks(o.quiz_marks);
  // `export` has no --launch or --schedule (its WindowOptions leave them null).
  auto given = [](const CLI::Option* option) { return option != nullptr && option->count() > 0; };
  if ((given(o.launch_given) || given(o.schedule_given)) && !has_extension(o.open, {".cu"})) {
    throw CliError(
        "--launch and --schedule choose what to trace of a program: give --open FILE.cu");
  }
  if (!o.compare_traces.empty()) return with_compared_traces(gui, o);
  if (!o.exercise.empty() || !o.exercise_file.empty() || o.show_failure)
    return with_exercise(gui, o);
  if (!o.lesson.empty()) return with_lesson(gui, o);
  if (!o.trace.empty() && !o.open.empty()) throw CliError("--open and --trace: give one file");
  std::string file_option = !o.open.empty() ? "--open" : "--trace";
  if ((!o.trace.empty() || !o.open.empty()) && !o.compare.empty()) {
    throw CliError("--compare runs the variants: leave out " + file_option);
  }
  if (!o.trace.empty() || !o.open.empty()) {
    apply_file(o, gui);
  } else if (!o.compare.empty()) {
    gui.request = to_request(o.run);
    gui.compare = parse_compare(o.compare, gui.request);
    gui.request.variant = gui.compare.front();
    if (o.view == "memory") gui.view = View::Compare;  // the panes, unless another tab is asked
  } else {
    gui.request = to_request(o.run);
    validate(gui.request);
  }
  return gui;
}

}  // namespace stridescope
