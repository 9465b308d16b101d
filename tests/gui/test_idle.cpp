// An idle window sleeps: the pacing rules (pure), and the real app under xvfb-run drawing a few
// frames in two idle seconds and painting its canvas only when the picture changes.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "../run_command.h"
#include "ui/platform/frame_pacing.h"

namespace {

using stridescope::FramePacing;
using stridescope::FrameState;
using stridescope::test_support::Outcome;
using stridescope::test_support::run;

const std::string kTmp = STRIDESCOPE_TEST_TMP;
const std::string kBinary = STRIDESCOPE_BINARY;

// Frames drawn until the pacing first lets the window sleep, with nothing happening.
int frames_until_asleep(FramePacing& pacing, FrameState state) {
  for (int frames = 1; frames < 100; ++frames) {
    if (!pacing.after_frame(state, 0.001)) return frames;
    state.had_events = false;
  }
  return 100;
}

TEST(FramePacing, AfterTheFirstFramesAndAfterInputAFewSettleFramesThenSleep) {
  FramePacing pacing(60);
  EXPECT_EQ(frames_until_asleep(pacing, {}), FramePacing::kSettleFrames + 3);
  EXPECT_EQ(frames_until_asleep(pacing, {.had_events = true}), FramePacing::kSettleFrames + 1);
  EXPECT_FALSE(pacing.after_frame({}, 0.001));  // asleep stays asleep
}

TEST(FramePacing, AnimationDrawsAtTheDisplaysRateAndSettlesWhenItStops) {
  FramePacing pacing(50);
  std::optional<double> wait = pacing.after_frame({.animating = true}, 0.005);
  ASSERT_TRUE(wait);
  EXPECT_NEAR(*wait, 0.015, 1e-9);  // a 20 ms frame: 5 drawing, 15 waiting for input
  wait = pacing.after_frame({.animating = true}, 0.030);
  ASSERT_TRUE(wait);
  EXPECT_EQ(*wait, 0.0);  // a slow frame: the next at once
  EXPECT_EQ(frames_until_asleep(pacing, {}), FramePacing::kSettleFrames + 1);
}

TEST(FramePacing, ACaptureNeverWaits) {
  FramePacing pacing(60);
  for (int i = 0; i < 20; ++i) EXPECT_EQ(pacing.after_frame({.capture = true}, 0.0), 0.0);
}

// "frames: N drawn, M canvas paints" from the app's STRIDESCOPE_REPORT_FRAMES line.
bool frame_report(const std::string& output, int& drawn, int& paints) {
  std::size_t at = ("\n" + output).find("\nframes: ");  // not the benchmark's "GUI frames: "
  return at != std::string::npos &&
         std::sscanf(output.c_str() + at, "frames: %d drawn, %d canvas paints", &drawn, &paints) ==
             2;
}

// The window as a user leaves it: open, nothing playing, for four seconds (room for a slow start
// under the sanitizers), then Ctrl+C.
TEST(GuiIdle, AnIdleWindowDrawsAFewFramesInFourSecondsNotTwoHundred) {
  Outcome o = run("xvfb-run -a -s '-screen 0 1280x720x24' sh -c 'XDG_CONFIG_HOME=" + kTmp +
                  "/idle-config STRIDESCOPE_REPORT_FRAMES=1 timeout -s INT 4 " + kBinary +
                  " --size 1280x720'");
  int drawn = 0, paints = 0;
  ASSERT_TRUE(frame_report(o.output, drawn, paints)) << o.output;
  EXPECT_GE(drawn, 1) << o.output;
  EXPECT_LE(drawn, 12) << o.output;  // the first frames lay the windows out, then it sleeps
  EXPECT_LE(paints, 2) << o.output;  // one picture (two if the layout moved the canvas)
}

// While playing, a step's transition changes the picture every frame; between transitions the
// step stands still and the canvas image is copied as it was, not painted again.
TEST(GuiIdle, ThePlayingCanvasIsPaintedOnlyForFramesThatChangeIt) {
  Outcome o = run("STRIDESCOPE_REPORT_FRAMES=1 xvfb-run -a -s '-screen 0 1280x720x24' " + kBinary +
                  " --size 1280x720 --benchmark-frames 90");
  int drawn = 0, paints = 0;
  ASSERT_TRUE(frame_report(o.output, drawn, paints)) << o.output;
  EXPECT_EQ(drawn, 90) << o.output;
  EXPECT_GT(paints, 30) << o.output;  // transitions are painted
  EXPECT_LT(paints, 80) << o.output;  // standing steps are not
}

}  // namespace
