// What the exercises' checker found (exercises/checker/checker.h), as the command line and the
// window show it: the reasons it failed, each with the trace and step to open, or what was checked.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "trace/trace.h"

namespace stridescope {

struct CheckOptions {
  unsigned random_schedules = 3;  // K random thread orders, run untraced on the largest case
  double time_limit_s = 5;        // per run of the learner's program (a reference takes < 1 s)
  unsigned workers = 0;           // OS threads for the blocks (0: one per core)
};

// One reason an exercise failed.
struct CheckFailure {
  std::string sentence;        // "size 300: thread 7 reads cache[135] at line 14 ..."
  std::optional<Trace> trace;  // the traced block of the failing case, where there is one
  std::size_t step = 0;        // the step to open it at
  int line = 0;                // the line to mark (0: none)
};

struct CheckResult {
  std::string error;                   // it could not be checked: clang's messages, or why not
  std::vector<CheckFailure> failures;  // empty (and no error): passed
  std::vector<std::string> checked;    // what was checked, one line each (for a pass)
  unsigned runs = 0;                   // runs of the learner's program
  double build_s = 0, total_s = 0;
  bool passed() const { return error.empty() && failures.empty(); }
};

}  // namespace stridescope
