// Tracing a program for the GUI through run_own_program's public API only (own_program.h).
#include "cli/gui_program.h"

#include <fstream>
#include <iterator>
#include <stdexcept>

#include "cli/gui_gpu_program.h"
#include "exercises/checker/checker.h"
#include "exercises/exercise.h"
#include "program/build/launch_main.h"
#include "program/own_program.h"
#include "program/read/file_options.h"

namespace stridescope {
namespace {

// The program ran to its end but made fewer launches than the one asked for, or the launch had no
// such block (own_program.cpp's words for it): the choice is wrong, not the file.
bool asked_for_what_is_not_there(const OwnRunResult& r, const OwnRunOptions& options) {
  if (r.failure.empty()) return r.untraced.empty() && r.launches > 0 && !r.traced;
  const std::string launch = "launch " + std::to_string(options.launch) + " has ";
  const std::string block =
      "there is no block " + std::to_string(options.traced_block) + " to trace";
  return r.failure.starts_with(launch) && r.failure.ends_with(block);
}

}  // namespace

ProgramTrace trace_program_for_gui(const std::string& file, const ProgramChoice& choice) {
  if (choice.on_gpu) return trace_program_on_gpu_for_gui(file, choice);
  OwnRunOptions options;
  options.file = file;
  options.launch = choice.launch;
  options.launch_spec = choice.launch_spec;
  options.traced_block = choice.traced_block;
  options.schedule = choice.schedule;
  options.seed = choice.seed;
  // A file of kernels without main() runs the `--launch '...'` written in its comments, if any;
  // an nvcc command in a comment gives the -I and -D.
  std::ifstream in(file);
  const std::string source(std::istreambuf_iterator<char>(in), {});
  options.fallback_launch_spec = launch_spec_in_comments(source);
  const FileOptions from_comments = compile_options_in_comments(source, file);
  options.include_dirs = from_comments.include_dirs;
  options.defines = from_comments.defines;
  if (!choice.exercise.empty()) {  // an exercise's kernels, run by its harness on its first case
    const Exercise* e = find_exercise(choice.exercise);
    if (!e || e->cases.empty()) throw std::runtime_error("no exercise named " + choice.exercise);
    options.harness_main = e->harness;
    for (long a : e->cases.front().args) options.args.push_back(std::to_string(a));
    options.fallback_launch_spec.clear();
  }
  OwnRunResult r;
  try {
    r = run_own_program(options);  // OwnProgramError: clang's messages as printed
  } catch (const LaunchSpecError& e) {
    // Only a file without main() and without a spec is told where the window looks for one.
    const bool no_main = std::string(e.what()).find("has no main()") != std::string::npos;
    if (!options.fallback_launch_spec.empty() || !options.launch_spec.empty() || !no_main) throw;
    throw std::runtime_error(std::string(e.what()) +
                             "; the window runs the --launch '...' written in a // comment of "
                             "the file");
  }
  if (!r.failure.empty() || !r.traced) {
    const std::string reason = untraced_reason(r, options);
    if (r.exit_code == 0 && asked_for_what_is_not_there(r, options))
      throw ProgramChoiceError(reason);
    throw std::runtime_error(reason + (r.errors.empty() ? "" : "\n" + r.errors));
  }
  std::vector<std::string> races;
  for (const GlobalRace& race : r.reports.races) races.push_back(race_sentence(race));
  return {std::move(r.trace), std::move(r.output), std::move(races)};
}

CheckResult check_exercise_for_gui(const std::string& name, const std::string& file) {
  const Exercise* e = find_exercise(name);
  CheckResult result;
  if (!e) {
    result.error = "no exercise named " + name;
    return result;
  }
  try {
    return check_exercise(*e, file);
  } catch (const std::exception& failure) {  // it does not compile: clang's messages
    result.error = failure.what();
    if (result.error.empty()) result.error = "checking " + file + " failed";
    return result;
  }
}

}  // namespace stridescope
