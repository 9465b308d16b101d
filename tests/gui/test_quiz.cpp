// The quiz (predict the next step): its keys, its flow over a real session (pure), and the real
// app under xvfb-run: the banner asks, marks show, a reveal judges them and scores (printed and
// in the screenshot's pixels).
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <gtest/gtest.h>
#include <stb_image.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "../run_command.h"
#include "catalog/emu/run_variant.h"
#include "ui/platform/key_queue.h"
#include "ui/state/quiz.h"
#include "ui/state/session.h"

namespace stridescope {
namespace {

using test_support::Outcome;

TEST(QuizKeys, QTogglesAndEnterReveals) {
  EXPECT_EQ(command_for({GLFW_KEY_Q, KeyAction::Press, 0}), KeyCommand::ToggleQuiz);
  EXPECT_EQ(command_for({GLFW_KEY_ENTER, KeyAction::Press, 0}), KeyCommand::Reveal);
  EXPECT_EQ(command_for({GLFW_KEY_KP_ENTER, KeyAction::Press, 0}), KeyCommand::Reveal);
  EXPECT_EQ(command_for({GLFW_KEY_Q, KeyAction::Repeat, 0}), std::nullopt);  // held: no flicker
  EXPECT_EQ(command_for({GLFW_KEY_Q, KeyAction::Press, GLFW_MOD_CONTROL}), std::nullopt);
  EXPECT_EQ(key_from_name("Q"), GLFW_KEY_Q);
  EXPECT_EQ(key_from_name("Enter"), GLFW_KEY_ENTER);
  Playback play;
  play.reset(5, 1);
  EXPECT_FALSE(play_command(KeyCommand::Reveal, play));  // the App gives it to the quiz
  EXPECT_EQ(play.step(), 1u);
}

Session sequential16() {
  Session s;
  RunRequest r;  // sequential, block 16, n 16: steps load, stride 8, 4, 2, 1, exit
  EXPECT_TRUE(s.run(r));
  return s;
}

TEST(QuizFlow, ForwardAsksThenRevealsThenAsksAgain) {
  Session s = sequential16();
  Quiz quiz;
  EXPECT_FALSE(quiz.forward(s));  // off: the caller steps as usual
  quiz.set_on(true);
  quiz.follow(s);
  ASSERT_EQ(quiz.phase(), QuizPhase::Predicting);
  EXPECT_NE(quiz.banner().find("Predict step 1: click the words that will be written"),
            std::string::npos);
  for (unsigned i = 0; i < 8; ++i) quiz.toggle_word(i);     // stride 8 writes s[0..7]
  quiz.toggle_warp(0, 16);                                  // all 16 lanes ...
  for (unsigned t = 8; t < 16; ++t) quiz.toggle_thread(t);  // ... but threads 8-15 unmarked
  quiz.set_degree(1);
  ASSERT_TRUE(quiz.forward(s));
  EXPECT_EQ(s.playback().step(), 1u);  // revealed: the playback moved on
  s.begin_frame();
  quiz.follow(s);
  EXPECT_EQ(quiz.phase(), QuizPhase::Revealed);
  EXPECT_EQ(quiz.judgement().score, (PredictionScore{17, 17}));
  EXPECT_NE(quiz.banner().find("this step 17/17, run 17/17"), std::string::npos);
  QuizOverlay shown = quiz.overlay(16, 16);
  EXPECT_EQ(shown.words[7], QuizMark::Hit);
  EXPECT_EQ(shown.words[8], QuizMark::None);
  quiz.toggle_word(9);  // no marking on a revealed step
  EXPECT_TRUE(quiz.marks().words.count(0));
  ASSERT_TRUE(quiz.forward(s));  // asks for step 2, showing step 1
  EXPECT_EQ(s.playback().step(), 1u);
  EXPECT_EQ(quiz.phase(), QuizPhase::Predicting);
  EXPECT_TRUE(quiz.marks().empty());
  quiz.toggle_word(12);  // stride 4 writes s[0..3]: wrong; the rest missed
  EXPECT_EQ(quiz.overlay(16, 16).words[12], QuizMark::Marked);
  ASSERT_TRUE(quiz.forward(s));
  QuizOverlay judged = quiz.overlay(16, 16);
  EXPECT_EQ(judged.words[12], QuizMark::Wrong);
  EXPECT_EQ(judged.words[0], QuizMark::Missed);
  EXPECT_EQ(judged.threads[3], QuizMark::Missed);
  EXPECT_EQ(quiz.judgement().score, (PredictionScore{0, 10}));
  EXPECT_EQ(quiz.run_score().total(), (PredictionScore{17, 27}));
}

TEST(QuizFlow, BackPlayAndTheLastStepWorkAsBefore) {
  Session s = sequential16();
  Quiz quiz;
  quiz.set_on(true);
  quiz.follow(s);
  quiz.toggle_word(12);     // stride 8 does not write s[12]
  quiz.forward(s);          // reveals step 1: 0 points
  s.playback().previous();  // back, as without the quiz
  quiz.follow(s);
  EXPECT_EQ(quiz.phase(), QuizPhase::Predicting);
  EXPECT_EQ(quiz.shown_step(), 0u);
  for (unsigned i = 0; i < 8; ++i) quiz.toggle_word(i);  // a second try at step 1: better
  quiz.forward(s);
  EXPECT_EQ(quiz.judgement().score, (PredictionScore{8, 17}));
  EXPECT_EQ(quiz.run_score().total(), (PredictionScore{0, 18})) << "the run keeps the first try";
  EXPECT_NE(quiz.banner().find("this step 8/17 (a second try: the run keeps the first), run 0/18"),
            std::string::npos)
      << quiz.banner();
  s.playback().previous();
  quiz.follow(s);
  s.playback().toggle_play();  // playing: the quiz stands aside
  quiz.follow(s);
  EXPECT_EQ(quiz.phase(), QuizPhase::Paused);
  EXPECT_EQ(quiz.banner(), "");
  EXPECT_FALSE(quiz.forward(s));
  s.playback().last();  // stops playing
  quiz.follow(s);
  EXPECT_EQ(quiz.phase(), QuizPhase::Finished);
  EXPECT_TRUE(quiz.forward(s));  // nothing to predict: the step stays
  EXPECT_EQ(s.playback().step(), 5u);
  EXPECT_NE(quiz.banner().find("nothing left to predict"), std::string::npos);
  EXPECT_EQ(quiz.run_score().steps(), 1u);
  RunRequest other;
  other.variant = "interleaved-strided";
  ASSERT_TRUE(s.run(other));  // a new run: a new score
  quiz.follow(s);
  EXPECT_EQ(quiz.run_score().steps(), 0u);
  EXPECT_EQ(quiz.phase(), QuizPhase::Predicting);
}

TEST(QuizFlow, ARevealWithNothingMarkedDoesNotCountAndALaterTryIsTheFirst) {
  Session s = sequential16();
  Quiz quiz;
  quiz.set_on(true);
  quiz.follow(s);
  ASSERT_TRUE(quiz.forward(s));  // nothing marked: step 1 shown, judged, not scored
  s.begin_frame();
  quiz.follow(s);
  EXPECT_TRUE(quiz.unmarked_reveal());
  EXPECT_EQ(quiz.run_score().steps(), 0u);
  EXPECT_EQ(quiz.run_score().total(), (PredictionScore{0, 0}));
  EXPECT_NE(quiz.banner().find("(nothing was marked: not counted), run 0/0"), std::string::npos)
      << quiz.banner();
  s.playback().previous();  // back: this time with marks
  quiz.follow(s);
  for (unsigned i = 0; i < 8; ++i) quiz.toggle_word(i);
  ASSERT_TRUE(quiz.forward(s));
  EXPECT_FALSE(quiz.unmarked_reveal());
  EXPECT_EQ(quiz.run_score().total(), (PredictionScore{8, 17}));  // counted: its first scored try
  EXPECT_EQ(quiz.banner().find("second try"), std::string::npos) << quiz.banner();
}

// The real app ------------------------------------------------------------------------------------

const std::string kTmp = STRIDESCOPE_TEST_TMP;

Outcome run_app(const std::string& environment, const std::string& arguments) {
  return test_support::run(environment + " xvfb-run -a -s '-screen 0 1920x1080x24' " +
                           std::string(STRIDESCOPE_BINARY) + " " + arguments);
}

// Pixels of the PNG within `tolerance` of the colour.
int pixels_near(const std::string& png, int r, int g, int b, int tolerance = 6) {
  int w = 0, h = 0, channels = 0;
  unsigned char* data = stbi_load(png.c_str(), &w, &h, &channels, 3);
  if (data == nullptr) return -1;
  int count = 0;
  for (long i = 0; i < static_cast<long>(w) * h * 3; i += 3) {
    if (std::abs(data[i] - r) <= tolerance && std::abs(data[i + 1] - g) <= tolerance &&
        std::abs(data[i + 2] - b) <= tolerance)
      ++count;
  }
  stbi_image_free(data);
  return count;
}

// Theme colours (ui/platform/theme.cpp, normal theme) as they land on screen.
constexpr int kBanner[3] = {11, 25, 69};  // the quiz banner's fill over the canvas
constexpr int kMark[3] = {242, 242, 255};
constexpr int kRight[3] = {38, 242, 77};
constexpr int kWrong[3] = {255, 51, 51};

struct Shot {
  Outcome outcome;
  std::string png;
  int near(const int* c) const { return pixels_near(png, c[0], c[1], c[2]); }
};

Shot shot(const std::string& name, const std::string& keys, const std::string& quiz) {
  std::string png = kTmp + "/quiz-" + name + ".png";
  std::string env = keys.empty() ? "" : "STRIDESCOPE_TEST_KEYS=" + keys;
  return {run_app(env,
                  "--variant sequential --block 16 --step 2 --size 1280x720 --font-scale 2 "
                  "--presenter " +
                      quiz + " --screenshot " + png),
          png};
}

TEST(QuizInTheApp, TheBannerAsksAndMarksShow) {
  Shot plain = shot("off", "", "");
  Shot asked = shot("asked", "", "--quiz");
  Shot marked = shot("marked", "", "--quiz --quiz-marks 'words=0,1 threads=0,1'");
  for (const Shot* s : {&plain, &asked, &marked})
    ASSERT_EQ(s->outcome.status, 0) << s->outcome.output;
  EXPECT_EQ(plain.near(kBanner), 0);
  EXPECT_GT(asked.near(kBanner), 20000) << "the banner over the canvas";
  EXPECT_NE(asked.outcome.output.find("quiz: predicting step 3 (marked: 0 words, 0 threads), run "
                                      "0/0"),
            std::string::npos)
      << asked.outcome.output;
  EXPECT_NE(asked.outcome.output.find("step 2)"), std::string::npos) << "step 3 not shown yet";
  EXPECT_GT(marked.near(kMark), asked.near(kMark) + 100) << "4 cells ringed";
}

// Q then → with nothing marked shows step 3 but keeps no score: a run of 0/257 would be a
// learner's score for predictions never made.
TEST(QuizInTheApp, QThenRightRevealsButANothingMarkedRevealDoesNotCount) {
  Shot revealed = shot("q-right", "Q,Right", "");
  ASSERT_EQ(revealed.outcome.status, 0) << revealed.outcome.output;
  // Step 3 (stride 2) writes s[0..1] with threads 0-1, conflict-free: nothing marked, 0/5.
  EXPECT_NE(revealed.outcome.output.find("step 3)"), std::string::npos);
  EXPECT_NE(revealed.outcome.output.find(
                "quiz: step 3 revealed, this step 0/5 not counted (nothing marked), run 0/0"),
            std::string::npos)
      << revealed.outcome.output;
  EXPECT_GT(revealed.near(kBanner), 20000);
  Shot marked =
      shot("marked-right", "Enter", "--quiz --quiz-marks 'words=5'");  // a wrong guess counts
  EXPECT_NE(marked.outcome.output.find("quiz: step 3 revealed, this step 0/6, run 0/6"),
            std::string::npos)
      << marked.outcome.output;
}

TEST(QuizInTheApp, ARevealJudgesEveryMark) {
  Shot right = shot("right", "Enter", "--quiz --quiz-marks 'words=0-1 threads=0-1 degree=1'");
  Shot mixed = shot("mixed", "Enter", "--quiz --quiz-marks 'words=0,3 threads=0,5 degree=2'");
  ASSERT_EQ(right.outcome.status, 0) << right.outcome.output;
  ASSERT_EQ(mixed.outcome.status, 0) << mixed.outcome.output;
  EXPECT_NE(right.outcome.output.find("this step 5/5, run 5/5"), std::string::npos)
      << right.outcome.output;
  // Hits: word 0, thread 0; wrong: word 3, thread 5, the degree; missed: word 1, thread 1.
  EXPECT_NE(mixed.outcome.output.find("this step 2/7, run 2/7"), std::string::npos)
      << mixed.outcome.output;
  EXPECT_GT(right.near(kRight), 300) << "green rings on 4 cells";
  EXPECT_EQ(right.near(kWrong), 0) << "no wrong mark, no red cross";
  EXPECT_GT(mixed.near(kWrong), 100) << "red crosses on a word and a thread";
  EXPECT_LT(mixed.near(kRight), right.near(kRight)) << "fewer green rings";
}

// Clicks on the canvas (synthetic, at the cells' centres through the canvas's own hit test) mark
// words, threads and a warp's lanes; a second click unmarks.
TEST(QuizInTheApp, ClicksMarkWordsThreadsAndWarps) {
  std::string png = kTmp + "/quiz-clicks.png";
  Outcome o = run_app("STRIDESCOPE_TEST_CLICKS=word:0,word:1,word:5,word:5,thread:3",
                      "--variant sequential --block 16 --step 2 --size 1280x720 --font-scale 2 "
                      "--quiz --screenshot " +
                          png);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("quiz: predicting step 3 (marked: 2 words, 1 threads)"),
            std::string::npos)
      << o.output;
  EXPECT_GT(pixels_near(png, kMark[0], kMark[1], kMark[2]), 200);
  o = run_app("STRIDESCOPE_TEST_CLICKS=thread:3,warp:0",
              "--variant sequential --block 64 --step 0 --quiz --screenshot " + png);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("(marked: 0 words, 32 threads)"), std::string::npos) << o.output;
}

// A click on a row's label ("s[32..63]") marks every word it names; a second click unmarks them
// (a block-256 step took 64 clicks before).
TEST(QuizInTheApp, ARowLabelMarksItsRow) {
  std::string png = kTmp + "/quiz-row.png";
  Outcome o = run_app("STRIDESCOPE_TEST_CLICKS=row:1,word:0",
                      "--variant sequential --block 64 --step 0 --quiz --screenshot " + png);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("(marked: 33 words, 0 threads)"), std::string::npos) << o.output;
  EXPECT_GT(pixels_near(png, kMark[0], kMark[1], kMark[2]), 1000) << "33 cells ringed";
  o = run_app("STRIDESCOPE_TEST_CLICKS=row:1,row:1",
              "--variant sequential --block 64 --step 0 --quiz --screenshot " + png);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("(marked: 0 words, 0 threads)"), std::string::npos) << o.output;
}

TEST(QuizInTheApp, BackStepsAsBefore) {
  Shot back = shot("back", "Left", "--quiz");
  ASSERT_EQ(back.outcome.status, 0) << back.outcome.output;
  EXPECT_NE(back.outcome.output.find("step 1)"), std::string::npos) << back.outcome.output;
  EXPECT_NE(back.outcome.output.find("quiz: predicting step 2"), std::string::npos);
}

// From another tab, -> first brings the question into view: it does not reveal unseen.
TEST(QuizInTheApp, FromAnotherTabTheFirstStepShowsTheQuestion) {
  std::string png = kTmp + "/quiz-tab.png";
  Outcome o = run_app("STRIDESCOPE_TEST_KEYS=Q,Right",
                      "--variant sequential --block 16 --step 2 --view grid --screenshot " + png);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("step 2)"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("quiz: predicting step 3"), std::string::npos) << o.output;
  EXPECT_GT(pixels_near(png, kBanner[0], kBanner[1], kBanner[2]), 5000) << "the question shows";
}

TEST(QuizInTheApp, TheLastStepHasNothingToPredict) {
  std::string png = kTmp + "/quiz-last.png";
  Outcome o = run_app("STRIDESCOPE_TEST_KEYS=Right,Enter",
                      "--variant sequential --block 16 --step 5 --quiz --screenshot " + png);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("step 5)"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("quiz: step 5 is the last, run 0/0"), std::string::npos) << o.output;
  EXPECT_GT(pixels_near(png, kBanner[0], kBanner[1], kBanner[2]), 5000) << "it says so";
}

}  // namespace
}  // namespace stridescope
