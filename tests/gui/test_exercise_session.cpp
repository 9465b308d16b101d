// The window's exercise without a window: the check runs on a worker thread, a sleeping window is
// told when its result or a save of the file is waiting, and a pass marks the exercise done.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "ui/state/exercise_session.h"

namespace stridescope {
namespace {

namespace fs = std::filesystem;

bool wait_for_news(const ExerciseSession& ex) {
  for (int i = 0; i < 500; ++i) {
    if (ex.has_news()) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

TEST(ExerciseSession, AFinishedCheckAndASaveWakeASleepingWindow) {
  const fs::path data = fs::path(STRIDESCOPE_TEST_TMP) / "exercise_session_data";
  fs::remove_all(data);
  setenv("STRIDESCOPE_DATA_DIR", data.c_str(), 1);
  const fs::path file = fs::path(STRIDESCOPE_TEST_TMP) / "exercise_session.cu";
  std::ofstream(file) << "// kernels\n";
  int checks = 0;
  ExerciseSession ex([&checks](const std::string&, const std::string&) {
    ++checks;
    return CheckResult{};  // passed
  });
  ProgramFile program(ProgramTracer{});
  ex.choose("sum4");
  ex.use_file(file.string(), program);
  ASSERT_TRUE(wait_for_news(ex)) << "the finished check is news";
  ex.poll();
  ASSERT_TRUE(ex.result());
  EXPECT_TRUE(ex.result()->passed());
  EXPECT_FALSE(ex.has_news());
  EXPECT_EQ(load_progress().done.count("sum4"), 1u);
  fs::last_write_time(file, fs::file_time_type::clock::now() + std::chrono::seconds(5));
  ASSERT_TRUE(wait_for_news(ex)) << "a saved file is news";
  ex.poll();  // checks it again
  ASSERT_TRUE(wait_for_news(ex));
  ex.poll();
  EXPECT_EQ(checks, 2);
  unsetenv("STRIDESCOPE_DATA_DIR");
}

}  // namespace
}  // namespace stridescope
