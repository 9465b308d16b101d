// The exercises: every reference solution passes its checker and every untouched starter fails;
// each wrong solution in tests/exercise_mistakes/ (NAME--MISTAKE.cu, its first line naming what
// the checker must say) fails for that reason, even where its output is right; the checker's
// pieces on hand-made inputs; `stridescope exercise` on the command line.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "cli/exercise_command.h"
#include "exercises/checker/checker.h"
#include "exercises/checker/harness_errors.h"
#include "exercises/exercise.h"
#include "exercises/progress.h"
#include "program/own_program.h"
#include "run_command.h"

namespace stridescope {
namespace {

namespace fs = std::filesystem;
using test_support::have_clang_tools;
#define SKIP_WITHOUT_TOOLS() \
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed"

fs::path write_file(const std::string& name, const std::string& text) {
  const fs::path dir = fs::path(STRIDESCOPE_TEST_TMP) / "exercises";
  fs::create_directories(dir);
  std::ofstream(dir / name) << text;
  return dir / name;
}

std::string all_sentences(const CheckResult& r) {
  std::string out;
  for (const CheckFailure& f : r.failures) out += f.sentence + "\n";
  return out;
}

TEST(Exercises, FifteenOrMoreEachWithStatementStarterSolutionHintsAndCases) {
  ASSERT_GE(exercises().size(), 15u);
  std::set<std::string> names;
  for (const Exercise& e : exercises()) {
    EXPECT_TRUE(names.insert(e.name).second) << e.name;
    EXPECT_FALSE(e.title.empty() || e.statement.empty() || e.harness.empty()) << e.name;
    EXPECT_NE(e.starter, e.solution) << e.name;
    EXPECT_NE(e.starter.find("TODO"), std::string::npos) << e.name;
    EXPECT_GE(e.hints.size(), 1u) << e.name;
    EXPECT_LE(e.hints.size(), 3u) << e.name;
    EXPECT_FALSE(e.cases.empty()) << e.name;
    for (const ExerciseCase& c : e.cases) EXPECT_FALSE(e.reference(c.args).empty()) << e.name;
  }
}

class EachExercise : public testing::TestWithParam<std::string> {};

TEST_P(EachExercise, TheReferenceSolutionPassesAndTheStarterFails) {
  SKIP_WITHOUT_TOOLS();
  const Exercise& e = *find_exercise(GetParam());
  const CheckResult solved = check_exercise(e, write_file(e.name + ".solution.cu", e.solution));
  EXPECT_TRUE(solved.passed()) << all_sentences(solved);
  EXPECT_FALSE(solved.checked.empty());
  const CheckResult started = check_exercise(e, write_file(e.name + ".starter.cu", e.starter));
  EXPECT_FALSE(started.passed()) << "the untouched starter of " << e.name << " passed";
}

std::vector<std::string> exercise_names() {
  std::vector<std::string> out;
  for (const Exercise& e : exercises()) out.push_back(e.name);
  return out;
}

std::string test_name(const testing::TestParamInfo<std::string>& info) {
  std::string out;
  for (char c : info.param) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return out;
}

INSTANTIATE_TEST_SUITE_P(Exercises, EachExercise, testing::ValuesIn(exercise_names()), test_name);

const fs::path kMistakes = fs::path(STRIDESCOPE_SOURCE_DIR) / "tests" / "exercise_mistakes";

std::vector<std::string> mistake_files() {
  std::vector<std::string> out;
  for (const auto& entry : fs::directory_iterator(kMistakes))
    if (entry.path().extension() == ".cu") out.push_back(entry.path().filename().string());
  std::sort(out.begin(), out.end());
  return out;
}

class EachMistake : public testing::TestWithParam<std::string> {};

TEST_P(EachMistake, FailsForItsReason) {
  SKIP_WITHOUT_TOOLS();
  const std::string file = GetParam();
  const Exercise* e = find_exercise(file.substr(0, file.find("--")));
  ASSERT_NE(e, nullptr) << file;
  std::ifstream in(kMistakes / file);
  std::string first;
  std::getline(in, first);
  const std::string key = "the checker must say: ";
  ASSERT_NE(first.find(key), std::string::npos) << file;
  const std::string reason = first.substr(first.find(key) + key.size());
  const CheckResult r = check_exercise(*e, (kMistakes / file).string());
  EXPECT_FALSE(r.passed()) << file;
  EXPECT_NE(all_sentences(r).find(reason), std::string::npos)
      << file << " should fail saying '" << reason << "'; it says:\n"
      << all_sentences(r);
}

INSTANTIATE_TEST_SUITE_P(Mistakes, EachMistake, testing::ValuesIn(mistake_files()), test_name);

// The checker fails a race even where the output is right: sum4 without its first barrier prints
// 10 under the default schedule.
TEST(ExerciseChecker, ARaceFailsWhereTheOutputIsRightAndNamesTheStepAndLine) {
  SKIP_WITHOUT_TOOLS();
  const Exercise& e = *find_exercise("sum4");
  const fs::path file = write_file(
      "sum4.race.cu",
      "__global__ void sum4(const int* in, int* out) {\n  __shared__ int s[4];\n"
      "  const int t = threadIdx.x;\n  s[t] = in[t];\n  if (t < 2) s[t] += s[t + 2];\n"
      "  __syncthreads();\n  if (t == 0) {\n    s[0] += s[1];\n    out[0] = s[0];\n  }\n}\n");
  const CheckResult r = check_exercise(e, file.string());
  ASSERT_EQ(r.failures.size(), 1u) << all_sentences(r);  // no output difference: only the race
  const CheckFailure& f = r.failures[0];
  EXPECT_EQ(f.sentence,
            "3, 1, 4, 2: thread 0 reads s[2] at line 5 while thread 2 writes it at line 4, with no "
            "__syncwarp() or __syncthreads() between them (since Volta the lanes of a warp are not "
            "in lockstep): a missing __syncwarp() (or __syncthreads()) after line 4?");
  ASSERT_TRUE(f.trace.has_value());
  EXPECT_EQ(f.step, 0u);
  EXPECT_EQ(f.line, 5);  // where the value not yet written is read
}

// A right answer that copies the kernel's value out of a buffer and frees the buffer before it
// returns the value passes: the value is still known to be the last launch's.
TEST(ExerciseChecker, AReturnedValueFromAFreedBufferIsStillTheKernels) {
  SKIP_WITHOUT_TOOLS();
  const Exercise& e = *find_exercise("relaunch");
  const fs::path file = write_file(
      "relaunch.freed.cu",
      "__global__ void pass(const int* in, int* out, int n) {\n"
      "  __shared__ int s[256];\n  const int t = threadIdx.x, i = blockIdx.x * 256 + t;\n"
      "  s[t] = i < n ? in[i] : 0;\n  __syncthreads();\n"
      "  for (int k = 128; k > 0; k /= 2) {\n    if (t < k) s[t] += s[t + k];\n"
      "    __syncthreads();\n  }\n  if (t == 0) out[blockIdx.x] = s[0];\n}\n"
      "int reduce_all(int* d_in, int* d_tmp, int n) {\n"
      "  int* a; int* b; cudaMalloc(&a, n * sizeof(int)); cudaMalloc(&b, n * sizeof(int));\n"
      "  const int* from = d_in;\n"
      "  while (true) {\n    const int blocks = (n + 255) / 256;\n"
      "    pass<<<blocks, 256>>>(from, a, n);\n    n = blocks;\n"
      "    if (n == 1) break;\n    from = a; int* t = a; a = b; b = t;\n  }\n"
      "  int r; cudaMemcpy(&r, a, sizeof r, cudaMemcpyDeviceToHost);\n"
      "  cudaFree(a); cudaFree(b);\n  return r;\n}\n");
  const CheckResult r = check_exercise(e, file.string());
  EXPECT_TRUE(r.failures.empty()) << all_sentences(r);
}

// A learner's program that loops, crashes or floods its output fails with that reason, once, and
// the checker carries on.
TEST(ExerciseChecker, ALoopACrashAndAFloodFailWithTheirReason) {
  SKIP_WITHOUT_TOOLS();
  const Exercise& e = *find_exercise("sum4");
  struct Case {
    const char* body;
    const char* reason;
  };
  const Case cases[] = {
      {"  while (*(volatile const int*)in >= 0) {}\n", "time limit"},
      // 4000 bytes past `out`'s one int: the red zone after it (docs/own-programs.md).
      // The harness names it as the kernel's parameter.
      {"  out[1000] = 1;\n",
       "wrote out[1000] (byte 4000), past the end of the cudaMalloc buffer out (out[0]..out[0], "
       "4-byte elements)"},
      // A GPU's printf buffer holds 1 MiB: the rest is dropped, and the loop runs out of time.
      {"  for (long k = 0; k < (1L << 40); k++) printf(\"%ld\\n\", k);\n", "time limit"},
  };
  for (const Case& c : cases) {
    const fs::path file = write_file("sum4.bad.cu",
                                     "#include <cstdio>\n__global__ void sum4(const "
                                     "int* in, int* out) {\n" +
                                         std::string(c.body) + "}\n");
    CheckOptions quick;
    quick.time_limit_s = 1;
    const CheckResult r = check_exercise(e, file.string(), quick);
    ASSERT_EQ(r.failures.size(), 1u) << all_sentences(r);
    EXPECT_NE(r.failures[0].sentence.find(c.reason), std::string::npos) << all_sentences(r);
    EXPECT_EQ(r.runs, 1u) << "the other cases are not run";
  }
}

// A reported array as the runtime's record gives it.
ReportedResult reported(const std::string& name, std::vector<double> values) {
  ReportedResult r;
  r.name = name;
  r.values = std::move(values);
  return r;
}

TEST(ExerciseChecker, ReportedArraysAndTheirFirstDifference) {
  RawResults reports;
  reports.results = {reported("out", {1, 2, 3}), reported("sum", {0.5}), reported("bad", {})};
  reports.results[2].error = "not a device buffer";
  const std::vector<ExpectedArray> got = reported_arrays(reports);
  ASSERT_EQ(got.size(), 2u) << "an array that is not in device memory is not reported";
  EXPECT_EQ(got[0].values, (std::vector<double>{1, 2, 3}));
  EXPECT_EQ(output_difference({{"out", {1, 2, 3}, 0, false}}, got), "");
  EXPECT_EQ(output_difference({{"out", {1, 5, 3}, 0, false}}, got), "out[1] is 2, expected 5");
  EXPECT_EQ(output_difference({{"out", {1, 2}, 0, false}}, got), "out has 3 values, expected 2");
  EXPECT_EQ(output_difference({{"total", {1}, 0, true}}, got),
            "no total was reported (the program ended before its harness did)");
  EXPECT_EQ(output_difference({{"sum", {0.5000001}, 1e-6, true}}, got), "");
  EXPECT_EQ(output_difference({{"sum", {0.6}, 1e-6, true}}, got),
            "sum is 0.5, expected 0.6 (float64 reference; tolerance 1e-06 relative)");
}

// The results must come from the kernels: what the runtime saw of device memory says where not.
TEST(ExerciseChecker, DeviceWorkFailuresNameTheHostCopyTheReturnedValueTheLaunchesAndTheInput) {
  RawResults ok;
  ok.results = {reported("out", {1, 2})};
  EXPECT_EQ(device_work_failure(ok, 1, 1), "");
  RawResults host = ok;
  host.results[0].host_written = 1;
  EXPECT_NE(device_work_failure(host, 1, 1).find("out[1] was last written by host code"),
            std::string::npos);
  RawResults returned;
  returned.results = {reported("sum", {4543})};
  returned.results[0].returned = true;
  returned.results[0].on_device = false;
  returned.results[0].last_launch_wrote = {3};
  EXPECT_NE(device_work_failure(returned, 3, 3)
                .find("the returned sum (4543) is not a value the last launch's kernel wrote"),
            std::string::npos);
  returned.results[0].on_device = true;
  EXPECT_EQ(device_work_failure(returned, 3, 3), "");
  EXPECT_NE(device_work_failure(returned, 1, 3).find("made 1 kernel launch; 3 are needed"),
            std::string::npos);
  RawResults unread = ok;
  unread.unread = {{"in", 4, 7}};
  EXPECT_NE(device_work_failure(unread, 1, 1)
                .find("in[7] and 3 other elements of the input were never read by a kernel"),
            std::string::npos);
}

// A wrong element is said with the kernel write that left it so, or that no kernel wrote it.
TEST(ExerciseChecker, AWrongElementNamesItsWriterOrThatNoKernelWroteIt) {
  RawResults reports;
  reports.results = {reported("out", {1, 7, 0})};
  ReportedResult::Writer by_kernel;
  by_kernel.how = ReportedResult::Writer::How::Plain;
  by_kernel.line = 12;
  by_kernel.block = 1;
  by_kernel.thread = 3;
  reports.results[0].writers = {by_kernel, by_kernel, ReportedResult::Writer{}};
  std::pair<std::string, std::size_t> wrong;
  EXPECT_EQ(output_difference({{"out", {1, 2, 3}, 0, false}}, reported_arrays(reports), &wrong),
            "out[1] is 7, expected 2");
  EXPECT_EQ(wrong, (std::pair<std::string, std::size_t>{"out", 1}));
  EXPECT_EQ(writer_text(reports, "out", 1), " (written last by thread 3 of block 1 at line 12)");
  EXPECT_EQ(writer_text(reports, "out", 2), " (no kernel wrote it)");
  EXPECT_EQ(writer_text(reports, "out", 9), "") << "past the writers recorded: nothing said";
  reports.results[0].writers[0].how = ReportedResult::Writer::How::Atomics;
  EXPECT_EQ(writer_text(reports, "out", 0), " (updated atomically at line 12)")
      << "no thread named: which one came last depends on timing";
  EXPECT_EQ(writer_text(reports, "sum", 0), "");
}

TEST(ExerciseChecker, AGlobalRaceIsOneSentenceWithBothBlocksAndLines) {
  RawResults r;
  EXPECT_FALSE(global_race_failure(r, "size 9"));
  GlobalRace race;
  race.buffer = "total";
  race.element = 0;
  race.first = {1, 0, 7, 'r'};
  race.second = {0, 0, 7, 'a'};
  r.races = {race};
  const std::optional<CheckFailure> f = global_race_failure(r, "size 9");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->line, 7);
  EXPECT_NE(f->sentence.find("size 9: a race in global memory: block 1 (thread 0) reads total[0] "
                             "at line 7 and block 0 (thread 0) updates it atomically at line 7"),
            std::string::npos)
      << f->sentence;
  EXPECT_NE(f->sentence.find("make every access to it one atomic"), std::string::npos);
}

// An empty file fails in the harness's code after the file's last line: said as what it lacks.
TEST(ExerciseChecker, AnErrorPastTheFilesEndNamesWhatTheExerciseRuns) {
  const Exercise* sum4 = find_exercise("sum4");
  ASSERT_NE(sum4, nullptr);
  const std::string path = std::string(STRIDESCOPE_TEST_TMP) + "/two_lines.cu";
  std::ofstream(path) << "// nothing\n// here\n";
  const std::string said =
      harness_error(*sum4, path, path + ":9:3: error: use of undeclared identifier 'sum4'\n");
  EXPECT_NE(said.find("does not define it so:\n  __global__ void sum4(const int* in, int* out)"),
            std::string::npos)
      << said;
  EXPECT_NE(said.find("use of undeclared identifier 'sum4'"), std::string::npos);
  const std::string own = path + ":2:1: error: expected ';'\n";
  EXPECT_EQ(harness_error(*sum4, path, own), own) << "a line of the file keeps clang's words";
}

TEST(ExerciseChecker, TooManyBarriersAndBankConflictsAreGoalsMissed) {
  Trace t;
  t.run.block_size = 4;
  t.word_size = 4;
  t.shared_words = 64;
  BlockTrace b;
  for (int k = 0; k < 4; ++k) {
    Step s;
    s.kind = StepKind::Barrier;
    s.line = 7;
    s.snapshot.assign(64, 0);
    b.steps.push_back(s);
  }
  // Lanes 0 and 1 read words 0 and 32: one bank, two words.
  b.steps[0].accesses = {{0, 0, 0, 4, AccessKind::Read, 9}, {1, 0, 128, 4, AccessKind::Read, 9}};
  t.blocks.push_back(b);
  const std::optional<CheckFailure> barriers = goal_failure(ExerciseGoal::FewBarriers, t, "x");
  ASSERT_TRUE(barriers);
  EXPECT_EQ(
      barriers->sentence,
      "x: 4 __syncthreads() for a block of 4 threads (the goal is at most 3): is there one in "
      "a loop that could end sooner?");
  const std::optional<CheckFailure> conflict = goal_failure(ExerciseGoal::ConflictFree, t, "x");
  ASSERT_TRUE(conflict);
  EXPECT_EQ(conflict->line, 9);
  EXPECT_NE(conflict->sentence.find("2-way bank conflict in warp 0"), std::string::npos);
}

// `stridescope exercise`: list, start (never over a file), hints one at a time, check's exit
// statuses, progress in the data folder.
TEST(ExerciseCommand, ListStartHintCheckAndProgress) {
  const fs::path data = fs::path(STRIDESCOPE_TEST_TMP) / "exercise_data";
  fs::remove_all(data);
  setenv("STRIDESCOPE_DATA_DIR", data.c_str(), 1);
  std::ostringstream out, err;
  EXPECT_EQ(command_exercise({"list", "", "", ".", 0}, out, err), 0);
  EXPECT_NE(out.str().find("sum4"), std::string::npos);
  EXPECT_EQ(out.str().find("[done]"), std::string::npos);
  const fs::path dir = fs::path(STRIDESCOPE_TEST_TMP) / "exercise_start";
  fs::remove_all(dir);
  EXPECT_EQ(command_exercise({"start", "sum4", "", dir.string(), 0}, out, err), 0);
  EXPECT_TRUE(fs::exists(dir / "sum4.cu"));
  std::ostringstream again, again_err;
  EXPECT_EQ(command_exercise({"start", "sum4", "", dir.string(), 0}, again, again_err), 2);
  EXPECT_NE(again_err.str().find("exists: not overwritten"), std::string::npos);
  std::ostringstream h1, h2, h_err;
  EXPECT_EQ(command_exercise({"hint", "sum4", "", ".", 0}, h1, h_err), 0);
  EXPECT_EQ(command_exercise({"hint", "sum4", "", ".", 0}, h2, h_err), 0);
  EXPECT_EQ(h1.str().rfind("hint 1 of 3: ", 0), 0u) << h1.str();
  EXPECT_EQ(h2.str().rfind("hint 2 of 3: ", 0), 0u) << h2.str();
  EXPECT_EQ(load_progress().hints_seen["sum4"], 2u);
  std::ostringstream unknown, unknown_err;
  EXPECT_EQ(command_exercise({"check", "no-such", "x.cu", ".", 0}, unknown, unknown_err), 2);
  EXPECT_EQ(unknown_err.str().rfind("stridescope: error: no exercise named 'no-such'", 0), 0u);
  unsetenv("STRIDESCOPE_DATA_DIR");
}

// `stridescope exercise check`: 1 for a failing file, 2 for one that does not build or defines
// main(), 0 for a solution, which `list` then marks done (needs clang: skipped without it, a
// failure where the README's install put it).
TEST(ExerciseCommand, CheckSaysFailedBrokenOrSolvedAndMarksTheSolvedDone) {
  SKIP_WITHOUT_TOOLS();
  const fs::path data = fs::path(STRIDESCOPE_TEST_TMP) / "exercise_check_data";
  fs::remove_all(data);
  setenv("STRIDESCOPE_DATA_DIR", data.c_str(), 1);
  const fs::path dir = fs::path(STRIDESCOPE_TEST_TMP) / "exercise_check_start";
  fs::remove_all(dir);
  std::ostringstream out, err;
  ASSERT_EQ(command_exercise({"start", "sum4", "", dir.string(), 0}, out, err), 0) << err.str();
  std::ostringstream failed, failed_err;
  EXPECT_EQ(
      command_exercise({"check", "sum4", (dir / "sum4.cu").string(), ".", 0}, failed, failed_err),
      1)
      << failed_err.str();
  const fs::path broken = write_file("broken.cu",
                                     "__global__ void sum4(const int* in, int* out) {"
                                     " nope }\n");
  std::ostringstream b_out, b_err;
  EXPECT_EQ(command_exercise({"check", "sum4", broken.string(), ".", 0}, b_out, b_err), 2);
  EXPECT_NE(b_err.str().find("error: use of undeclared identifier 'nope'"), std::string::npos)
      << b_err.str();
  const fs::path with_main =
      write_file("with_main.cu", find_exercise("sum4")->solution + "int main() { return 0; }\n");
  std::ostringstream m_out, m_err;
  EXPECT_EQ(command_exercise({"check", "sum4", with_main.string(), ".", 0}, m_out, m_err), 2);
  EXPECT_NE(m_err.str().find("defines main()"), std::string::npos) << m_err.str();
  const fs::path solved = write_file("solved.cu", find_exercise("sum4")->solution);
  std::ostringstream s_out, s_err;
  EXPECT_EQ(command_exercise({"check", "sum4", solved.string(), ".", 0}, s_out, s_err), 0);
  std::ostringstream listed, l_err;
  command_exercise({"list", "", "", ".", 0}, listed, l_err);
  EXPECT_NE(listed.str().find("[done]"), std::string::npos) << listed.str();
  unsetenv("STRIDESCOPE_DATA_DIR");
}

}  // namespace
}  // namespace stridescope
