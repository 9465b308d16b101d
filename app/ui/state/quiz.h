// The quiz ("predict the next step"): while on, stepping forward from step k first asks the learner
// to mark what step k + 1 will do, then reveals it with every mark judged and keeps the run's
// score. No ImGui: the App, the timeline and the memory tab drive it; tests drive it directly.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/prediction.h"
#include "ui/state/session.h"

namespace stridescope {

enum class QuizPhase {
  Off,
  Paused,      // on, but the playback plays or a compare is shown: stepping works as without it
  Predicting,  // step k is shown, step k + 1 is asked for
  Revealed,    // step k + 1 is shown with the marks judged
  Finished,    // the last step is shown: nothing left to predict
};

// What the canvas draws on a word or a thread.
enum class QuizMark { None, Marked, Hit, Wrong, Missed };

struct QuizOverlay {
  std::vector<QuizMark> words;    // by word
  std::vector<QuizMark> threads;  // by thread
};

class Quiz {
 public:
  bool on() const { return on_; }
  void set_on(bool on);
  void toggle() { set_on(!on_); }

  // Once a frame, after the session's begin_frame: a new trace starts a new run score; the
  // playback moved by anything but a reveal (back, Home, scrub, play) asks again from there.
  void follow(const Session& session);
  QuizPhase phase() const;

  // → / PageDown / Enter / ">": while predicting, reveals (judges the marks, adds the step to the
  // run score, moves the playback on); after a reveal, asks for the next step. False when the
  // quiz does not take the step (off or paused): the caller steps as usual. A reveal with nothing
  // marked (no word, thread or degree) shows the answer but does not count: the run's score is
  // for predictions, and a later try at that step (with marks) is its first.
  bool forward(Session& session);
  bool unmarked_reveal() const { return revealed_ && unmarked_; }  // the last reveal did not count

  // Marks, while predicting (ignored otherwise); a warp marks or unmarks all its lanes.
  void toggle_word(unsigned word);
  void toggle_thread(unsigned thread);
  void toggle_warp(unsigned warp, unsigned block_size);
  // A row label's words: all marked unless all already were (then all unmarked).
  void toggle_words(const std::vector<unsigned>& words);
  void set_degree(std::optional<unsigned> degree);
  void clear_marks();
  void set_marks(PredictionMarks marks);  // all at once (--quiz-marks)
  const PredictionMarks& marks() const { return marks_; }

  std::size_t shown_step() const { return step_; }               // the step the state belongs to
  const StepJudgement& judgement() const { return judgement_; }  // of the last reveal
  const RunScore& run_score() const { return run_; }

  // The banner over the canvas ("" when off or paused) and what each cell wears.
  std::string banner() const;
  QuizOverlay overlay(std::size_t words, std::size_t threads) const;

 private:
  void ask_at(std::size_t step);
  bool on_ = false;
  bool paused_ = false;
  bool revealed_ = false;
  bool second_try_ = false;  // the step revealed was scored before: the run keeps that
  bool unmarked_ = false;    // the step was revealed with nothing marked: not scored
  std::size_t step_ = 0, steps_ = 0;
  std::size_t generation_ = SIZE_MAX;
  PredictionMarks marks_;
  StepJudgement judgement_;
  RunScore run_;
};

// "2-way", "1-way (conflict-free)".
std::string degree_name(unsigned degree);

}  // namespace stridescope
