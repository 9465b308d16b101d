// A lesson in the real app (under xvfb-run): the stepping keys go past the end of kernel 1 into
// kernel 2 and back, and the lesson bar leaves the canvas uncut at 1280x720 with text size 2
// (test hooks STRIDESCOPE_TEST_KEYS and STRIDESCOPE_REPORT_WINDOWS).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "../run_command.h"
#include "ui/panels/lesson_bar.h"
#include "ui/state/app_context.h"

namespace stridescope {
namespace {

using test_support::Outcome;

const std::string kTmp = STRIDESCOPE_TEST_TMP;

Outcome run_lesson(const std::string& keys, const std::string& arguments) {
  return test_support::run("STRIDESCOPE_REPORT_WINDOWS=1 STRIDESCOPE_TEST_KEYS=" + keys +
                           " xvfb-run -a -s '-screen 0 1920x1080x24' " +
                           std::string(STRIDESCOPE_BINARY) + " " + arguments + " --screenshot " +
                           kTmp + "/lesson.png");
}

// The "lesson <name> step <k> variant <id> trace-step <s>" line of STRIDESCOPE_REPORT_WINDOWS.
std::string lesson_line(const std::string& output) {
  std::size_t at = output.find("lesson ");
  if (at == std::string::npos) return "";
  return output.substr(at, output.find('\n', at) - at);
}

// How far the View window's contents scroll down ("window "View" x y w h sx sy").
float view_scroll(const std::string& output) {
  std::size_t at = output.find("window \"View\"");
  if (at == std::string::npos) return -1;
  float x, y, w, h, sx, sy;
  std::sscanf(output.c_str() + at + 13, "%f %f %f %f %f %f", &x, &y, &w, &h, &sx, &sy);
  return sy;
}

// A compare started at kernel 3 of the ladder: "End compare" goes back to kernel 3, at the step
// its pane showed (it went to kernel 1, the first kernel compared, at step 0).
TEST(LessonCompare, EndCompareKeepsTheLessonsRunAndItsStep) {
  Session session;
  ProgramFile program(ProgramTracer{});
  ExerciseSession exercise(ExerciseChecker{});
  RunRequest request;
  UiSettings settings;
  Quiz quiz;
  AppContext ctx{.session = session,
                 .program = program,
                 .exercise = exercise,
                 .request = request,
                 .settings = settings,
                 .quiz = quiz,
                 .fonts = {},
                 .device_name = {},
                 .device_bench = {},
                 .select_view = {},
                 .lesson = {},
                 .run_panel_shows = {},
                 .canvas_word0 = {},
                 .frame_wishes = {}};
  open_lesson_step(ctx, LessonId::HarrisLadder, 2);
  ASSERT_EQ(session.trace().run.variant, "sequential");
  ASSERT_TRUE(
      session.run_compare(request, {"interleaved-divergent", "interleaved-strided", "sequential"}));
  request.variant = "interleaved-divergent";  // as the Compare tab sets it
  session.playback().seek(3);
  session.begin_frame();
  std::size_t pane_step = session.compare_row().at(2).step;
  end_compare(ctx);
  EXPECT_FALSE(session.comparing());
  ASSERT_TRUE(ctx.lesson);
  EXPECT_EQ(ctx.lesson->step, 2u);
  EXPECT_EQ(session.trace().run.variant, "sequential");
  EXPECT_EQ(session.playback().step(), pane_step);
  EXPECT_GT(pane_step, 0u);
}

// The Timing tab opened from the ladder shows its ints at Harris's 2^22, not floats at 2^28.
TEST(LessonInTheApp, TheTimingTabShowsTheLessonsTypeAndN) {
  Outcome o = run_lesson("", "--lesson harris-ladder --view timing --size 1280x720");
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("timing: int n = 2^22\n"), std::string::npos) << o.output;
  Outcome plain = run_lesson("", "--view timing --size 1280x720");  // outside a lesson: as before
  EXPECT_EQ(plain.output.find("timing: int n = 2^22\n"), std::string::npos) << plain.output;
}

TEST(LessonInTheApp, RightPastTheLastStepOfKernel1OpensKernel2) {
  std::string args = "--lesson harris-ladder --size 1280x720 --font-scale 2 --presenter";
  Outcome start = run_lesson("Right", args);
  ASSERT_EQ(start.status, 0) << start.output;
  EXPECT_EQ(lesson_line(start.output),
            "lesson harris-ladder step 0 variant interleaved-divergent trace-step 1");
  Outcome next = run_lesson("End,Right", args);
  ASSERT_EQ(next.status, 0) << next.output;
  EXPECT_EQ(lesson_line(next.output),
            "lesson harris-ladder step 1 variant interleaved-strided trace-step 0");
  EXPECT_EQ(view_scroll(next.output), 0) << "the lesson bar pushes the canvas out of its window";
  Outcome page = run_lesson("End,PageDown,PageUp", args);  // a clicker: there and back
  ASSERT_EQ(page.status, 0) << page.output;
  std::string back = lesson_line(page.output);
  EXPECT_EQ(back.rfind("lesson harris-ladder step 0 variant interleaved-divergent trace-step ", 0),
            0u)
      << back;
  EXPECT_NE(back, "lesson harris-ladder step 0 variant interleaved-divergent trace-step 0")
      << "PageUp at kernel 2's first step goes back to kernel 1's last";
}

TEST(LessonInTheApp, CudaByExamplePresetRunsTheBooksDotProduct) {
  Outcome o = run_lesson("End", "--lesson cuda-by-example-5 --size 1920x1080");
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_EQ(lesson_line(o.output).rfind("lesson cuda-by-example-5 step 0 variant dot-product ", 0),
            0u)
      << o.output;
}

}  // namespace
}  // namespace stridescope
