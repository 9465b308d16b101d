// The exercises' commands (see exercise_command.h).
#include "cli/exercise_command.h"

#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "core/error_line.h"
#include "core/files.h"
#include "exercises/checker/checker.h"
#include "exercises/exercise.h"
#include "exercises/progress.h"
#include "program/own_program.h"
#include "program/process/stop.h"

namespace stridescope {

namespace fs = std::filesystem;

namespace {

const Exercise& exercise_named(const std::string& name) {
  if (const Exercise* e = find_exercise(name)) return *e;
  std::string names;
  for (const Exercise& e : exercises()) names += (names.empty() ? "" : ", ") + e.name;
  throw std::runtime_error("no exercise named '" + name + "' (" + names + ")");
}

// Every line of `text` as a // comment.
std::string as_comment(const std::string& text) {
  std::istringstream lines(text);
  std::string out, line;
  while (std::getline(lines, line)) out += line.empty() ? "//\n" : "// " + line + "\n";
  return out;
}

// The command did its work; a progress file that cannot be written is said, not kept quiet.
void save_progress_or_say(const ExerciseProgress& progress, std::ostream& err) {
  std::string why;
  if (!save_progress(progress, &why))
    err << "stridescope: warning: your progress was not saved: " << why << "\n";
}

int list(std::ostream& out) {
  const ExerciseProgress progress = load_progress();
  std::size_t width = 0;
  for (const Exercise& e : exercises()) width = std::max(width, e.name.size());
  for (const Exercise& e : exercises()) {
    out << std::left << std::setw(int(width) + 2) << e.name << e.title
        << (progress.done.count(e.name) ? "  [done]" : "") << "\n";
  }
  return 0;
}

int start(const ExerciseCommand& c, std::ostream& out) {
  const Exercise& e = exercise_named(c.name);
  const fs::path file = fs::path(c.dir) / (e.name + ".cu");
  std::error_code error;
  if (fs::exists(file, error))
    throw std::runtime_error(file.string() +
                             " exists: not overwritten (check it, or start in "
                             "another folder with --dir)");
  fs::create_directories(c.dir, error);
  write_output_file(file.string(), starter_file_text(e.name));
  out << "wrote " << file.string() << ": " << e.title << "\n\n"
      << e.statement << "\n\n"
      << "Check it: stridescope exercise check " << e.name << " " << file.string() << "\n";
  return 0;
}

int check(const ExerciseCommand& c, std::ostream& out, std::ostream& err) {
  const Exercise& e = exercise_named(c.name);
  check_input_file(c.file, "CUDA file (.cu)");
  CheckResult result;
  try {
    result = check_exercise(e, c.file);
  } catch (const OwnProgramError& failure) {  // it does not compile: clang's messages
    err << failure.what();
    const std::string said = failure.what();
    if (said.empty() || said.back() != '\n') err << "\n";
    err << error_line(c.file + " was not checked");
    return 2;
  }
  if (!result.passed()) {
    out << e.name << ": failed (" << result.failures.size()
        << (result.failures.size() == 1 ? " reason" : " reasons") << ")\n";
    for (const CheckFailure& f : result.failures) out << "  " << f.sentence << "\n";
    return 1;
  }
  ExerciseProgress progress = load_progress();
  progress.done.insert(e.name);
  save_progress_or_say(progress, err);
  out << e.name << ": passed (" << result.runs << " runs in " << std::fixed << std::setprecision(1)
      << result.total_s << " s)\n";
  for (const std::string& line : result.checked) out << "  " << line << "\n";
  return 0;
}

int hint(const ExerciseCommand& c, std::ostream& out, std::ostream& err) {
  const Exercise& e = exercise_named(c.name);
  ExerciseProgress progress = load_progress();
  unsigned& seen = progress.hints_seen[e.name];
  const unsigned k = c.hint != 0 ? c.hint : std::min<unsigned>(seen + 1, unsigned(e.hints.size()));
  if (k == 0 || k > e.hints.size())
    throw std::runtime_error(e.name + " has " + std::to_string(e.hints.size()) + " hints (1-" +
                             std::to_string(e.hints.size()) + ")");
  const bool again = c.hint == 0 && seen >= e.hints.size();  // every hint already shown
  seen = std::max(seen, k);
  save_progress_or_say(progress, err);
  if (again) out << "(no more hints: all " << e.hints.size() << " were shown; the last again)\n";
  out << "hint " << k << " of " << e.hints.size() << ": " << e.hints[k - 1] << "\n";
  return 0;
}

}  // namespace

std::string starter_file_text(const std::string& name) {
  const Exercise& e = exercise_named(name);
  return as_comment(e.title + "\n\n" + e.statement) + "\n" + e.starter;
}

namespace {

// What the checker appends to a learner's file (its main()), and each case's arguments as comments
// ("// case size 300: 300 128"): to build the same program with nvcc and run it on a GPU
// (scripts/gpu-exercises.sh) beside compute-sanitizer.
int harness(const ExerciseCommand& c, std::ostream& out) {
  const Exercise& e = exercise_named(c.name);
  for (const ExerciseCase& k : e.cases) {
    out << "// case " << k.label << ":";
    for (long a : k.args) out << " " << a;
    out << "\n";
  }
  out << e.harness;
  return 0;
}

}  // namespace

int command_exercise(const ExerciseCommand& c, std::ostream& out, std::ostream& err) {
  try {
    if (c.action == "list") return list(out);
    if (c.action == "start") return start(c, out);
    if (c.action == "check") return check(c, out, err);
    if (c.action == "hint") return hint(c, out, err);
    if (c.action == "solution") {
      out << exercise_named(c.name).solution;
      return 0;
    }
    if (c.action == "harness") return harness(c, out);
    throw std::runtime_error("unknown action '" + c.action +
                             "' (list, start, check, hint, solution, harness)");
  } catch (const Interrupted&) {
    throw;  // stridescope was stopped: main says so, once
  } catch (const std::runtime_error& e) {
    err << error_line(e.what());
    return 2;
  }
}

}  // namespace stridescope
