// The GUI's program file without a window: traced on a worker thread (a stand-in tracer here),
// re-traced when the file changes with the step kept, a failure keeping the old trace.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <thread>

#include "catalog/emu/run_variant.h"
#include "ui/panels/program_controls.h"
#include "ui/state/preferences.h"
#include "ui/state/program_file.h"

namespace stridescope {
namespace {

namespace fs = std::filesystem;

// "16" traces the sequential sum of 16 values (block 16); anything else is a compile error. The
// program "launches" twice, the second time on half the block: launch k sums 16 >> k values.
ProgramTrace stand_in(const std::string& file, const ProgramChoice& choice = {}) {
  std::ifstream in(file);
  unsigned block = 0;
  if (!(in >> block)) throw std::runtime_error(file + ":2:5: error: expected a block size\n");
  RunRequest r;
  r.block = block >> choice.launch;
  r.n = r.block;
  Trace trace = run_on_emulator(r);
  trace.launches = {{"sum", {1, 1, 1}, {block, 1, 1}}, {"sum", {1, 1, 1}, {block / 2, 1, 1}}};
  trace.traced_launch = choice.launch;
  return {trace, "sum = " + std::to_string(block) + "\n", {}};
}

void write(const std::string& path, const std::string& text, int seconds_later) {
  std::ofstream(path) << text;
  fs::last_write_time(path, fs::file_time_type::clock::now() + std::chrono::seconds(seconds_later));
}

// Polls as the frame loop does until a tracing ends (at most 20 s).
std::optional<ProgramOutcome> wait_for_outcome(ProgramFile& program, Session& session) {
  for (int i = 0; i < 2000; ++i) {
    if (std::optional<ProgramOutcome> o = program.poll(session)) return o;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return std::nullopt;
}

// The last emulator trace and the last GPU trace of the same launch and block: side by side.
TEST(ProgramFile, TheEmulatorsAndTheGpusTracesOfOneLaunchCompareSideBySide) {
  std::string path = STRIDESCOPE_TEST_TMP "/program_file_backends.cu";
  write(path, "16\n", 0);
  Session session;
  ProgramFile program(stand_in);
  program.open(path);
  ASSERT_TRUE(wait_for_outcome(program, session));
  EXPECT_FALSE(program.can_compare_backends());  // the emulator's only
  ProgramChoice gpu;
  gpu.on_gpu = true;
  program.choose(gpu);
  ASSERT_TRUE(wait_for_outcome(program, session));
  ASSERT_TRUE(program.can_compare_backends());
  ASSERT_TRUE(program.compare_backends(session, "Fake H200"));
  ASSERT_TRUE(session.comparing());
  EXPECT_EQ(session.compare_runs()[1].variant, "GPU: Fake H200");
  EXPECT_EQ(session.compare_note().rfind("same: shared memory agrees", 0), 0u)
      << session.compare_note();
  ProgramChoice other_launch = gpu;
  other_launch.launch = 1;
  program.choose(other_launch);
  ASSERT_TRUE(wait_for_outcome(program, session));
  EXPECT_FALSE(program.can_compare_backends());  // launch 1 on the GPU, launch 0 on the emulator
}

TEST(ProgramFile, TracesInTheBackgroundAndKeepsTheStepWhenTheFileChanges) {
  std::string path = STRIDESCOPE_TEST_TMP "/program_file.cu";
  write(path, "16\n", 0);
  Session session;
  ProgramFile program(stand_in);
  program.open(path, 2);
  EXPECT_TRUE(program.tracing());
  std::optional<ProgramOutcome> first = wait_for_outcome(program, session);
  ASSERT_TRUE(first && first->traced) << (first ? first->line : "no outcome");
  ASSERT_TRUE(program.shown_in(session));
  std::size_t steps16 = session.playback().step_count();
  EXPECT_EQ(first->line, "traced program_file.cu: " + std::to_string(steps16) +
                             " steps of block 0 of launch 0: sum<<<1,16>>>");
  EXPECT_EQ(session.playback().step(), 2u);  // --step applies to the first trace
  EXPECT_EQ(program.output(), "sum = 16\n");
  session.playback().seek(3);
  write(path, "not a number\n", 5);  // saved in an editor: traced again, fails
  std::optional<ProgramOutcome> failed = wait_for_outcome(program, session);
  ASSERT_TRUE(failed && !failed->traced);
  EXPECT_EQ(program.error(), path + ":2:5: error: expected a block size");
  ASSERT_EQ(program.diagnostics().size(), 1u);
  EXPECT_EQ(program.diagnostics()[0].line, 2);
  EXPECT_TRUE(program.shown_in(session));  // the old trace stays, at its step
  EXPECT_EQ(session.playback().step(), 3u);
  write(path, "4\n", 10);  // fixed, fewer steps: the step is kept, clamped to the last
  std::optional<ProgramOutcome> fixed = wait_for_outcome(program, session);
  ASSERT_TRUE(fixed && fixed->traced);
  EXPECT_TRUE(program.error().empty());
  EXPECT_LT(session.playback().step_count(), steps16);
  EXPECT_EQ(session.playback().step(),
            std::min<std::size_t>(3, session.playback().step_count() - 1));
  EXPECT_EQ(session.trace().run.block_size, 4u);
}

TEST(ProgramFile, ChoosingAnotherLaunchTracesAgainAtTheSameStep) {
  std::string path = STRIDESCOPE_TEST_TMP "/program_launches.cu";
  write(path, "16\n", 0);
  Session session;
  ProgramFile program(stand_in);
  program.open(path, 0, ProgramChoice{});  // launch 0, block 0
  ASSERT_TRUE(wait_for_outcome(program, session));
  ASSERT_EQ(program.launches().size(), 2u);
  EXPECT_EQ(program.traced_choice().launch, 0u);
  session.playback().seek(2);
  program.choose(program.choice());  // nothing changed: no tracing
  EXPECT_FALSE(program.tracing());
  ProgramChoice half;
  half.launch = 1;
  half.schedule = ThreadSchedule::Random;
  half.seed = 5;
  program.choose(half);
  EXPECT_TRUE(program.tracing());
  EXPECT_EQ(program.choice(), half);
  std::optional<ProgramOutcome> o = wait_for_outcome(program, session);
  ASSERT_TRUE(o && o->traced);
  EXPECT_EQ(o->line,
            "traced program_launches.cu: " + std::to_string(session.playback().step_count()) +
                " steps of block 0 of launch 1: sum<<<1,8>>>, schedule random (seed 5)");
  EXPECT_EQ(session.trace().run.block_size, 8u);
  EXPECT_EQ(program.traced_choice(), half);
  EXPECT_EQ(session.playback().step(), 2u);  // kept
}

TEST(ProgramFile, ClosingStopsWatchingAndIgnoresATracingUnderWay) {
  std::string path = STRIDESCOPE_TEST_TMP "/program_closed.cu";
  write(path, "16\n", 0);
  Session session;
  ProgramFile program([](const std::string& file, const ProgramChoice&) {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    return stand_in(file);
  });
  program.open(path);
  program.close();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  EXPECT_FALSE(program.poll(session));
  EXPECT_FALSE(session.has_trace());
  EXPECT_FALSE(program.is_open());
}

TEST(ProgramFile, OpeningAnotherFileWhileTracingShowsOnlyTheNewOne) {
  std::string slow = STRIDESCOPE_TEST_TMP "/program_slow.cu";
  std::string quick = STRIDESCOPE_TEST_TMP "/program_quick.cu";
  write(slow, "16\n", 0);
  write(quick, "4\n", 0);
  Session session;
  ProgramFile program([&](const std::string& file, const ProgramChoice&) {
    if (file == slow) std::this_thread::sleep_for(std::chrono::milliseconds(400));
    return stand_in(file);
  });
  program.open(slow);
  program.open(quick);
  std::optional<ProgramOutcome> o = wait_for_outcome(program, session);
  ASSERT_TRUE(o && o->traced);
  EXPECT_EQ(session.trace().run.block_size, 4u);
  std::this_thread::sleep_for(std::chrono::milliseconds(600));  // the slow one ends unseen
  EXPECT_FALSE(program.poll(session));
  EXPECT_EQ(session.trace().run.block_size, 4u);
}

// What the Run panel says beside the file's name: "traced" only while the trace on screen is this
// file's latest; after a failed compile, that it was not traced and whose trace is shown instead.
TEST(ProgramFile, AfterAFailedCompileThePanelDoesNotClaimTheOldTraceIsCurrent) {
  std::string first = STRIDESCOPE_TEST_TMP "/program_standing.cu";
  std::string second = STRIDESCOPE_TEST_TMP "/program_standing_second.cu";
  write(first, "16\n", 0);
  write(second, "broken\n", 0);
  Session session;
  ProgramFile program([](const std::string& file, const ProgramChoice& choice) {
    ProgramTrace traced = stand_in(file, choice);  // named as `stridescope run` names it
    traced.trace.run.variant = "own:" + fs::path(file).filename().string();
    return traced;
  });
  program.open(first);
  EXPECT_EQ(program_standing(program, session).status, "tracing...");
  ASSERT_TRUE(wait_for_outcome(program, session));
  ProgramStanding traced = program_standing(program, session);
  EXPECT_EQ(traced.status, "traced on the CPU emulator");
  EXPECT_EQ(traced.shown, "");
  EXPECT_FALSE(another_trace_beside_a_failed_program(program, session));
  write(first, "not a number\n", 5);  // saved with an error
  std::optional<ProgramOutcome> failed = wait_for_outcome(program, session);
  ASSERT_TRUE(failed && !failed->traced);
  ProgramStanding old = program_standing(program, session);
  EXPECT_EQ(old.status, "not traced (the error is below)");
  EXPECT_EQ(old.shown, "the trace shown is this file's from before");
  // This file's older trace may stay in the views (said so); another file's may not.
  EXPECT_FALSE(another_trace_beside_a_failed_program(program, session));
  program.open(second);  // another program that fails: the first one's trace stays on screen
  ASSERT_TRUE(wait_for_outcome(program, session));
  ProgramStanding other = program_standing(program, session);
  EXPECT_EQ(other.status, "not traced (the error is below)");
  EXPECT_EQ(
      other.shown,
      "no trace of this file is shown: the timeline steps through program_standing.cu's trace");
  EXPECT_TRUE(another_trace_beside_a_failed_program(program, session));
}

TEST(Preferences, RecentFilesAreKeptNewestFirstAtMostEightAndOnlyStrings) {
  std::string path = STRIDESCOPE_TEST_TMP "/prefs_recent.json";
  std::ofstream(path) << R"({"recent": ["/a.cu", 3, "/b.json", "/c", "/d", "/e", "/f", "/g",
                                        "/h", "/i"]})";
  Preferences p = load_preferences(path);
  ASSERT_EQ(p.recent.size(), 8u);
  EXPECT_EQ(p.recent[0], "/a.cu");
  EXPECT_EQ(p.recent[1], "/b.json");
  EXPECT_EQ(p.recent[7], "/h");
  p.recent.resize(2);
  save_preferences(p, path);
  EXPECT_EQ(load_preferences(path).recent, (std::vector<std::string>{"/a.cu", "/b.json"}));
  std::ofstream(path) << R"({"recent": "not a list"})";
  EXPECT_TRUE(load_preferences(path).recent.empty());
}

}  // namespace
}  // namespace stridescope
