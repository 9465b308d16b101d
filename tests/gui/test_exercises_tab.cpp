// The Exercises tab in the real app under xvfb-run: a learner's file checked at start, a passing
// one said as passed, a failing one opened at its failing step with its line marked in red; bad
// --exercise input is one error line.
#include <gtest/gtest.h>

#include <stb_image.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "../run_command.h"

namespace {

using stridescope::test_support::have_clang_tools;
using stridescope::test_support::Outcome;
using stridescope::test_support::run;

const std::string kTmp = STRIDESCOPE_TEST_TMP;
const std::string kBinary = STRIDESCOPE_BINARY;
const std::string kMistakes = std::string(STRIDESCOPE_SOURCE_DIR) + "/tests/exercise_mistakes";

Outcome run_app(const std::string& arguments) {
  return run("STRIDESCOPE_DATA_DIR=" + kTmp +
             "/gui_exercise_data STRIDESCOPE_EXERCISE_DIR=" + kTmp +
             "/gui_exercises xvfb-run -a -s '-screen 0 1920x1080x24' " + kBinary + " " + arguments);
}

// Pixels within 14 of the palette's error colour (ui/platform/theme.cpp: 1.0, 0.35, 0.35).
int error_pixels(const std::string& png) {
  int w = 0, h = 0, channels = 0;
  unsigned char* data = stbi_load(png.c_str(), &w, &h, &channels, 3);
  if (!data) return -1;
  int count = 0;
  for (long i = 0; i < static_cast<long>(w) * h * 3; i += 3)
    if (std::abs(data[i] - 255) <= 14 && std::abs(data[i + 1] - 89) <= 14 &&
        std::abs(data[i + 2] - 89) <= 14)
      ++count;
  stbi_image_free(data);
  return count;
}

TEST(GuiExercises, AFailingCheckOpensAtItsStepWithTheLineMarked) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const std::string png = kTmp + "/gui_exercise_failure.png";
  std::remove(png.c_str());
  const Outcome o = run_app("--exercise halving-loop --exercise-file " + kMistakes +
                            "/halving-loop--missing-barrier.cu --show-failure --size 1280x720 "
                            "--screenshot " +
                            png);
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("exercise: halving-loop failed"), std::string::npos) << o.output;
  // The race is in the one step the loop makes without barriers: step 1, not the first.
  EXPECT_NE(o.output.find("(1280x720, step 1)"), std::string::npos) << o.output;
  EXPECT_GT(error_pixels(png), 150) << "the failing line and its sentence, in red";
}

TEST(GuiExercises, APassingFileIsSaidPassedInTheTab) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const std::string solution = kTmp + "/gui_sum4_solution.cu",
                    png = kTmp + "/gui_exercise_pass.png";
  ASSERT_EQ(run(kBinary + " exercise solution sum4 > " + solution).status, 0);
  std::remove(png.c_str());
  const Outcome o = run_app("--exercise sum4 --exercise-file " + solution +
                            " --size 1920x1080 --screenshot " + png);
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("exercise: sum4 passed"), std::string::npos) << o.output;
  EXPECT_LT(error_pixels(png), 40);
}

TEST(GuiExercises, BadExerciseOptionsAreOneErrorLine) {
  Outcome o = run(kBinary + " --exercise no-such-thing --screenshot /dev/null");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.output,
            "stridescope: error: --exercise: no exercise named 'no-such-thing' "
            "(stridescope exercise list)\n");
  o = run(kBinary + " --exercise-file x.cu --screenshot /dev/null");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.output,
            "stridescope: error: --exercise-file and --show-failure need --exercise NAME\n");
}

}  // namespace
