// The exercises' checker (see checker.h): runs, compares, and reads the traces for what is wrong.
#include "exercises/checker/checker.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "analysis/contributions.h"
#include "analysis/hazards.h"
#include "analysis/intervals.h"
#include "analysis/uninitialized.h"
#include "core/elapsed.h"
#include "core/format.h"
#include "exercises/checker/harness_errors.h"
#include "program/own_program.h"
#include "trace/array_names.h"

namespace stridescope {

namespace {

std::string number(double v, bool floating) {
  char text[40];
  if (floating) {
    std::snprintf(text, sizeof text, "%.9g", v);
  } else {
    std::snprintf(text, sizeof text, "%.0f", v);
  }
  return text;
}

std::string name_of_word(const Trace& trace, unsigned word) {
  return word_name(trace.arrays, word);
}

// Where a __syncthreads() would order a read after (or before) a write of other lines.
std::string barrier_hint(int write_line, int read_line, bool same_warp) {
  const std::string barrier = same_warp ? "__syncwarp() (or __syncthreads())" : "__syncthreads()";
  if (write_line < read_line)
    return "a missing " + barrier + " after line " + std::to_string(write_line) + "?";
  if (write_line > read_line)
    return "a missing " + barrier + " before line " + std::to_string(write_line) + "?";
  return "a missing " + barrier + " between the reads and the writes of line " +
         std::to_string(write_line) + "?";
}

}  // namespace

std::vector<ExpectedArray> reported_arrays(const RawResults& reports) {
  std::vector<ExpectedArray> out;
  for (const ReportedResult& r : reports.results) {
    if (!r.error.empty()) continue;
    ExpectedArray a;
    a.name = r.name;
    a.values = r.values;
    out.push_back(std::move(a));
  }
  return out;
}

std::string writer_text(const RawResults& reports, const std::string& name, std::size_t index) {
  for (const ReportedResult& r : reports.results) {
    if (r.name != name || index >= r.writers.size()) continue;
    const ReportedResult::Writer& w = r.writers[index];
    using How = ReportedResult::Writer::How;
    const std::string at = w.line > 0 ? " at line " + std::to_string(w.line) : std::string();
    switch (w.how) {
      case How::Plain:
        return " (written last by thread " + std::to_string(w.thread) + " of block " +
               std::to_string(w.block) + at + ")";
      case How::Atomics:
        return " (updated atomically" + at + ")";
      case How::SeveralBlocks:
        return " (written by several blocks" + at + ")";
      case How::SomeKernel:
        return " (written by a kernel of launch " + std::to_string(w.launch) + ")";
      case How::Host:
        return " (written by host code: cudaMemcpy or cudaMemset)";
      case How::Nothing:
        return " (no kernel wrote it)";
    }
  }
  return "";
}

std::string device_work_failure(const RawResults& reports, std::size_t launches,
                                std::size_t launches_needed) {
  for (const ReportedResult& r : reports.results) {
    if (!r.error.empty()) return r.name + " is not in device memory (" + r.error + ")";
    if (r.host_written >= 0)
      return r.name + "[" + std::to_string(r.host_written) +
             "] was last written by host code (a cudaMemcpy or cudaMemset), not by a kernel: the "
             "kernels must compute it";
    if (r.returned && !r.on_device) {
      std::string s = "the returned " + r.name + " (" +
                      (r.values.empty() ? std::string("?") : number(r.values.front(), true)) +
                      ") is not a value the last launch's kernel wrote to device memory";
      if (r.last_launch_wrote.empty())
        return s + " (it wrote nothing): the kernels must compute it";
      return s + " (it wrote " + number(r.last_launch_wrote.front(), true) +
             (r.last_launch_wrote.size() > 1 ? ", ..." : "") +
             "): the kernels must compute it, the last launch leaving the one value";
    }
  }
  if (launches < launches_needed)
    return "the program made " + count_text(launches, "kernel launch", "kernel launches") + "; " +
           std::to_string(launches_needed) +
           " are needed here (each pass one launch, until one value is left)";
  for (const UnreadInput& u : reports.unread)
    return u.name + "[" + std::to_string(u.first) + "]" +
           (u.unread > 1 ? " and " + count_text(u.unread - 1, "other element", "other elements")
                         : std::string()) +
           (u.unread > 1 ? " of the input were" : " of the input was") +
           " never read by a kernel: every input element must be read on the device";
  return "";
}

std::optional<CheckFailure> global_race_failure(const RawResults& reports,
                                                const std::string& label) {
  if (reports.races.empty()) return std::nullopt;
  const GlobalRace& r = reports.races.front();
  CheckFailure f;
  f.line = r.second.line > 0 ? r.second.line : r.first.line;
  f.sentence = label + ": a race in global memory: " + race_sentence(r);
  return f;
}

// A kernel read global memory nothing had written: on a GPU, whatever was there.
std::optional<CheckFailure> unwritten_read_failure(const RawResults& reports,
                                                   const std::string& label) {
  if (reports.unwritten_reads.empty()) return std::nullopt;
  const UnwrittenGlobalRead& r = reports.unwritten_reads.front();
  CheckFailure f;
  f.line = r.reader.line;
  f.sentence = label + ": a read of uninitialized memory: " + unwritten_read_sentence(r);
  return f;
}

std::string output_difference(const std::vector<ExpectedArray>& expected,
                              const std::vector<ExpectedArray>& got,
                              std::pair<std::string, std::size_t>* where_wrong) {
  for (const ExpectedArray& e : expected) {
    const ExpectedArray* g = nullptr;
    for (const ExpectedArray& candidate : got)
      if (candidate.name == e.name) g = &candidate;
    if (!g) return "no " + e.name + " was reported (the program ended before its harness did)";
    if (g->values.size() != e.values.size())
      return e.name + " has " + std::to_string(g->values.size()) + " values, expected " +
             std::to_string(e.values.size());
    const bool floating = e.tolerance > 0;
    for (std::size_t i = 0; i < e.values.size(); ++i) {
      const double want = e.values[i], have = g->values[i];
      const bool ok = floating
                          ? std::fabs(have - want) <= e.tolerance * std::max(1.0, std::fabs(want))
                          : have == want;
      if (ok && !std::isnan(have)) continue;
      if (where_wrong) *where_wrong = {e.name, i};
      const std::string where = e.scalar ? e.name : e.name + "[" + std::to_string(i) + "]";
      std::string s =
          where + " is " + number(have, floating) + ", expected " + number(want, floating);
      if (floating)
        s += " (float64 reference; tolerance " + number(e.tolerance, true) + " relative)";
      return s;
    }
  }
  return "";
}

namespace {

// Whether `thread` writes (or reads) any byte of `word` among `accesses`.
bool touches_word(const std::vector<Access>& accesses, unsigned thread, unsigned word,
                  unsigned word_size, bool (*how)(AccessKind)) {
  for (const Access& a : accesses)
    if (a.thread == thread && how(a.kind) && a.address / word_size <= word &&
        (a.address + a.size - 1) / word_size >= word)
      return true;
  return false;
}
bool writes_word(const std::vector<Access>& accesses, unsigned thread, unsigned word,
                 unsigned word_size) {
  return touches_word(accesses, thread, word, word_size, writes_memory);
}
bool reads_word(const std::vector<Access>& accesses, unsigned thread, unsigned word,
                unsigned word_size) {
  return touches_word(accesses, thread, word, word_size, reads_memory);
}

// The race `h` of barrier interval `in` as a sentence: what the two threads did, and the fix.
std::string shared_race_sentence(const Hazard& h, const BarrierInterval& in, const Trace& trace) {
  const std::string word = name_of_word(trace, h.word);
  const bool same_warp = h.first.thread / 32 == h.second.thread / 32;
  const std::string between = same_warp ? "__syncwarp() or __syncthreads()" : "__syncthreads()";
  std::ostringstream s;
  const Access& read = h.kind == HazardKind::ReadAfterWrite ? h.second : h.first;
  const Access& write = h.kind == HazardKind::ReadAfterWrite ? h.first : h.second;
  // Both threads read and write the word in one statement (`bins[v]++`): a shared counter. Both
  // only write it there (`s[n - 1] = 0` by every thread): one thread's job.
  const bool same_line = h.first.line == h.second.line;
  const bool counter =
      same_line &&
      (h.kind == HazardKind::WriteAfterWrite
           ? reads_word(in.merged.accesses, h.first.thread, h.word, trace.word_size) ||
                 reads_word(in.merged.accesses, h.second.thread, h.word, trace.word_size)
           : writes_word(in.merged.accesses, read.thread, h.word, trace.word_size));
  if (same_line && h.kind == HazardKind::WriteAfterWrite && !counter) {
    s << "threads " << h.first.thread << " and " << h.second.thread << " both write " << word
      << " at line " << h.first.line << " with no " << between
      << " between them: every thread that reaches the line writes it; let one thread do it "
         "(if (threadIdx.x == 0)), then __syncthreads() before it is read";
  } else if (counter) {
    s << "threads " << h.first.thread << " and " << h.second.thread << " both update " << word
      << " at line " << h.first.line
      << ", and with nothing ordering them one update can undo the other: if they count into "
         "it, use atomicAdd; else give each thread its own word";
  } else if (h.kind == HazardKind::WriteAfterWrite) {
    s << "threads " << h.first.thread << " and " << h.second.thread << " both write " << word
      << " (lines " << h.first.line << " and " << h.second.line << ") with no " << between
      << " between them: which value stays depends on the order of the threads; "
      << barrier_hint(h.first.line, h.second.line, same_warp);
  } else {
    s << "thread " << read.thread << " reads " << word << " at line " << read.line
      << (h.kind == HazardKind::ReadAfterWrite ? " while thread " : " before thread ")
      << write.thread << (h.kind == HazardKind::ReadAfterWrite ? " writes" : " wrote")
      << " it at line " << write.line << ", with no " << between << " between them";
    if (same_warp) s << " (since Volta the lanes of a warp are not in lockstep)";
    s << ": " << barrier_hint(write.line, read.line, same_warp);
  }
  return s.str();
}

}  // namespace

std::optional<CheckFailure> race_failure(const Trace& trace, const std::string& label) {
  if (trace.blocks.empty()) return std::nullopt;
  const BlockTrace& block = trace.blocks.front();
  for (const BarrierInterval& in : barrier_intervals(block.steps)) {
    const std::vector<Hazard> found = hazards(in.merged, trace.word_size);
    if (found.empty()) continue;
    // Threads of two warps first: the missing __syncthreads() (lanes of one warp race too, but a
    // __syncthreads() orders them as well).
    const Hazard* chosen = &found.front();
    for (const Hazard& h : found)
      if (h.first.thread / 32 != h.second.thread / 32) {
        chosen = &h;
        break;
      }
    const Hazard& h = *chosen;
    CheckFailure f;
    f.step = in.access_step.at(h.second_index);
    f.line = h.second.line;
    f.sentence = label + ": " + shared_race_sentence(h, in, trace);
    return f;
  }
  return std::nullopt;
}

std::optional<CheckFailure> uninitialized_failure(const Trace& trace, const std::string& label) {
  if (trace.blocks.empty()) return std::nullopt;
  const std::vector<UninitializedRead> found = uninitialized_reads(trace.blocks.front());
  if (found.empty()) return std::nullopt;
  const UninitializedRead& u = found.front();
  CheckFailure f;
  f.step = u.step;
  f.line = u.access.line;
  f.sentence = label + ": thread " + std::to_string(u.access.thread) + " reads " +
               name_of_word(trace, u.access.address / trace.word_size) + " at line " +
               std::to_string(u.access.line) +
               " before any thread wrote it (on a GPU it holds whatever was there before: an "
               "index past what the block stored?)";
  return f;
}

std::optional<CheckFailure> lost_failure(const Trace& trace, const std::string& label) {
  if (trace.blocks.empty() || !trace.result_in_word0) return std::nullopt;
  const Contributions c = contributions_to_word0(trace, trace.blocks.front());
  if (!c.applicable || c.lost.empty()) return std::nullopt;
  const ElementSource& first = c.sources.at(c.lost.front());
  CheckFailure f;
  f.step = first.step;
  f.line = first.line;
  f.sentence = label + ": " + std::to_string(c.lost.size()) +
               (c.lost.size() == 1 ? " value" : " values") +
               " stored in shared memory never reach the block's sum in " + name_of_word(trace, 0) +
               ": the first, stored by thread " + std::to_string(first.thread) + " in " +
               name_of_word(trace, first.word) + " at line " + std::to_string(first.line) +
               ", is never added";
  return f;
}

namespace {

std::vector<std::string> as_strings(const std::vector<long>& args) {
  std::vector<std::string> out;
  for (long a : args) out.push_back(std::to_string(a));
  return out;
}

// Adds `f` unless a failure of the same kind is already there (one sentence per kind of mistake).
void add(CheckResult& result, std::set<std::string>& kinds, const std::string& kind,
         std::optional<CheckFailure> f) {
  if (!f || !kinds.insert(kind).second) return;
  result.failures.push_back(std::move(*f));
}

// A run's failure as the exercise says it: `exercise check` has no --time-limit to raise.
std::string exercise_failure(std::string failure, double limit_s) {
  const std::string advice = " (raise it with --time-limit)";
  const std::size_t at = failure.find(advice);
  if (at != std::string::npos)
    failure.replace(at, advice.size(),
                    " (each run of an exercise has " + number(limit_s, true) +
                        " s, and a right solution needs well under one: a loop that never ends?)");
  return failure;
}

std::string first_line(const std::string& text) {
  return text.substr(0, text.find('\n'));
}

}  // namespace

namespace {

// One case, traced: its run's failure, its output against the reference, then its trace.
void check_case(const Exercise& exercise, const ExerciseCase& c, const BuiltProgram& program,
                const OwnRunOptions& build, CheckResult& result, std::set<std::string>& kinds) {
  OwnRunOptions run = build;
  run.args = as_strings(c.args);
  run.launch = c.traced_launch;
  run.traced_block = c.traced_block;
  const OwnRunResult r = program.run(run);
  ++result.runs;
  if (!r.failure.empty()) {
    add(result, kinds, "failure",
        CheckFailure{c.label + ": " + exercise_failure(r.failure, build.time_limit_s), std::nullopt,
                     0, 0});
    return;
  }
  if (r.exit_code != 0) {
    add(result, kinds, "status",
        CheckFailure{c.label + ": the program stopped with status " + std::to_string(r.exit_code) +
                         (r.errors.empty() ? std::string() : " (" + first_line(r.errors) + ")"),
                     std::nullopt, 0, 0});
    return;
  }
  const std::optional<Trace> trace = r.traced ? std::optional<Trace>(r.trace) : std::nullopt;
  std::pair<std::string, std::size_t> wrong;
  const std::string difference =
      output_difference(exercise.reference(c.args), reported_arrays(r.reports), &wrong);
  if (!difference.empty()) {
    CheckFailure f{c.label + ": " + difference + writer_text(r.reports, wrong.first, wrong.second),
                   trace, 0, 0};
    if (trace && !trace->blocks.empty() && !trace->blocks.front().steps.empty())
      f.step = trace->blocks.front().steps.size() - 1;
    add(result, kinds, "output", std::move(f));
  }
  if (const std::string work = device_work_failure(r.reports, r.launches, c.launches);
      !work.empty())
    add(result, kinds, "device work", CheckFailure{c.label + ": " + work, std::nullopt, 0, 0});
  add(result, kinds, "global race", global_race_failure(r.reports, c.label));
  add(result, kinds, "unwritten read", unwritten_read_failure(r.reports, c.label));
  if (!trace) {
    if (!kinds.count("device work") && !kinds.count("output"))
      add(result, kinds, "device work",
          CheckFailure{c.label + ": the program made no launch " + std::to_string(c.traced_launch) +
                           " (launches are counted from 0)",
                       std::nullopt, 0, 0});
    return;
  }
  auto attach = [&](std::optional<CheckFailure> f) {
    if (f) f->trace = trace;
    return f;
  };
  add(result, kinds, "race", attach(race_failure(*trace, c.label)));
  add(result, kinds, "uninitialized", attach(uninitialized_failure(*trace, c.label)));
  // A value lost on the way to word 0 explains a wrong sum; where the sum is right, the values
  // took another way (registers, shuffles, the output) and nothing is lost.
  if (exercise.block_sum && !difference.empty())
    add(result, kinds, "lost", attach(lost_failure(*trace, c.label)));
  for (ExerciseGoal g : exercise.goals)
    add(result, kinds, "goal " + goal_text(g), attach(goal_failure(g, *trace, c.label)));
}

// The last (largest) case in random thread orders: an output that differs from the default
// order's is a race, whether or not the traced block showed it.
void check_schedules(const Exercise& exercise, const BuiltProgram& program,
                     const OwnRunOptions& build, unsigned schedules, CheckResult& result,
                     std::set<std::string>& kinds) {
  const ExerciseCase& c = exercise.cases.back();
  OwnRunOptions run = build;
  run.args = as_strings(c.args);
  run.launch = UINT32_MAX;  // untraced
  const OwnRunResult usual = program.run(run);
  ++result.runs;
  const std::vector<ExpectedArray> expected = exercise.reference(c.args);
  const bool usual_right =
      usual.failure.empty() && output_difference(expected, reported_arrays(usual.reports)).empty();
  if (!usual_right) return;  // the traced runs said what is wrong
  run.schedule = ThreadSchedule::Random;
  for (unsigned seed = 1; seed <= schedules; ++seed) {
    run.seed = seed;
    const OwnRunResult r = program.run(run);
    ++result.runs;
    // The results, within the exercise's tolerance, not the whole output: what a kernel prints
    // and the last bits of a float atomicAdd may change with the order and still be right.
    std::string what =
        r.failure.empty() ? std::string() : exercise_failure(r.failure, run.time_limit_s);
    if (what.empty()) {
      std::pair<std::string, std::size_t> wrong;
      what = output_difference(expected, reported_arrays(r.reports), &wrong);
      if (!what.empty()) what += writer_text(r.reports, wrong.first, wrong.second);
    }
    if (what.empty()) continue;
    add(result, kinds, "schedule",
        CheckFailure{c.label + ": in a random thread order (seed " + std::to_string(seed) + ") " +
                         what + ": the result depends on the order of the threads, a race",
                     std::nullopt, 0, 0});
    return;
  }
}

}  // namespace

namespace {

// The learner's file built with the harness; a compile error in the harness is said as what the
// file lacks (an empty file, another exercise's file).
std::unique_ptr<BuiltProgram> build_for_check(const Exercise& exercise,
                                              const OwnRunOptions& build) {
  try {
    return std::make_unique<BuiltProgram>(build);
  } catch (const OwnProgramError& e) {
    throw OwnProgramError(harness_error(exercise, build.file, e.what()));
  }
}

}  // namespace

CheckResult check_exercise(const Exercise& exercise, const std::string& file,
                           const CheckOptions& options) {
  const auto t0 = std::chrono::steady_clock::now();
  CheckResult result;
  OwnRunOptions build;
  build.file = file;
  build.harness_main = exercise.harness;
  build.time_limit_s = options.time_limit_s;
  build.workers = options.workers;
  build.file_limit_bytes = 64ull << 20;
  build.unoptimized = true;  // a read before its guard stays where the learner wrote it
  const std::unique_ptr<BuiltProgram> built = build_for_check(exercise, build);
  const BuiltProgram& program = *built;
  result.build_s = seconds_since(t0);
  std::set<std::string> kinds;
  for (const ExerciseCase& c : exercise.cases) {
    check_case(exercise, c, program, build, result, kinds);
    if (kinds.count("failure")) break;  // it crashed, looped or flooded: the others would too
  }
  if (!exercise.cases.empty() && !kinds.count("race") && !kinds.count("global race") &&
      !kinds.count("failure") && !kinds.count("status"))
    check_schedules(exercise, program, build, options.random_schedules, result, kinds);
  if (result.failures.empty()) {
    for (const ExerciseCase& c : exercise.cases) result.checked.push_back(c.label);
    result.checked.push_back(
        "results read from device memory, computed by the kernels, every "
        "input element read on the device");
    result.checked.push_back(
        "no races in shared or global memory, nothing read before it was "
        "written" +
        (options.random_schedules
             ? ", the same result in " + std::to_string(options.random_schedules) +
                   " random thread orders"
             : std::string()));
    for (ExerciseGoal g : exercise.goals) result.checked.push_back("goal: " + goal_text(g));
  }
  result.total_s = seconds_since(t0);
  return result;
}

}  // namespace stridescope
