// The quiz's state: the step asked for, the learner's marks, the last reveal and the run score.
#include "ui/state/quiz.h"

#include <algorithm>

namespace stridescope {
namespace {

std::string score_text(const PredictionScore& s) {
  return std::to_string(s.points) + "/" + std::to_string(s.out_of);
}

QuizMark mark_of(MarkVerdict verdict) {
  switch (verdict) {
    case MarkVerdict::Hit:
      return QuizMark::Hit;
    case MarkVerdict::Wrong:
      return QuizMark::Wrong;
    case MarkVerdict::Missed:
      break;
  }
  return QuizMark::Missed;
}

std::string degree_sentence(const StepJudgement& j) {
  if (!j.degree_scored) return "No shared-memory access, so no conflict degree.";
  std::string actual = degree_name(j.degree_actual);
  if (j.degree_right) return "Conflict degree " + actual + ": right.";
  if (!j.degree_marked) return "Conflict degree " + actual + " (not picked).";
  return "Conflict degree " + actual + ", not " + degree_name(*j.degree_marked) + ".";
}

}  // namespace

std::string degree_name(unsigned degree) {
  return degree == 1 ? "1-way (conflict-free)" : std::to_string(degree) + "-way";
}

void Quiz::set_on(bool on) {
  on_ = on;
  step_ = SIZE_MAX;  // the next follow() asks from the step shown
}

void Quiz::ask_at(std::size_t step) {
  step_ = step;
  revealed_ = false;
  marks_ = {};
}

void Quiz::follow(const Session& session) {
  if (!on_ || !session.has_trace()) return;
  const Playback& play = session.playback();
  paused_ = play.playing() || session.comparing();
  steps_ = play.step_count();
  if (session.generation() != generation_) {
    generation_ = session.generation();
    run_.reset();
    ask_at(play.step());
  } else if (play.step() != step_) {
    ask_at(play.step());
  }
}

QuizPhase Quiz::phase() const {
  if (!on_) return QuizPhase::Off;
  if (paused_ || step_ == SIZE_MAX) return QuizPhase::Paused;
  if (revealed_) return QuizPhase::Revealed;
  if (step_ + 1 >= steps_) return QuizPhase::Finished;
  return QuizPhase::Predicting;
}

bool Quiz::forward(Session& session) {
  QuizPhase now = phase();
  if (now == QuizPhase::Off || now == QuizPhase::Paused || !session.has_trace()) return false;
  if (session.playback().step() != step_) return false;  // not followed yet: step as usual
  if (now == QuizPhase::Revealed) {
    ask_at(step_);  // the next step is asked for, from the one just revealed
    return true;
  }
  if (now == QuizPhase::Finished) return true;
  judgement_ = judge(step_outcome(session.model(), step_ + 1), marks_);
  unmarked_ = marks_.empty();
  second_try_ = !unmarked_ && !run_.add(step_ + 1, judgement_);
  ++step_;
  revealed_ = true;
  session.playback().next();
  return true;
}

void Quiz::toggle_word(unsigned word) {
  if (phase() != QuizPhase::Predicting) return;
  if (!marks_.words.erase(word)) marks_.words.insert(word);
}

void Quiz::toggle_thread(unsigned thread) {
  if (phase() != QuizPhase::Predicting) return;
  if (!marks_.threads.erase(thread)) marks_.threads.insert(thread);
}

void Quiz::toggle_warp(unsigned warp, unsigned block_size) {
  if (phase() != QuizPhase::Predicting) return;
  unsigned first = warp * kWarpSize, end = std::min(first + kWarpSize, block_size);
  bool all = true;
  for (unsigned t = first; t < end; ++t) all = all && marks_.threads.count(t) > 0;
  for (unsigned t = first; t < end; ++t) {
    if (all) {
      marks_.threads.erase(t);
    } else {
      marks_.threads.insert(t);
    }
  }
}

void Quiz::toggle_words(const std::vector<unsigned>& words) {
  if (phase() != QuizPhase::Predicting) return;
  bool all = std::all_of(words.begin(), words.end(),
                         [this](unsigned w) { return marks_.words.count(w) > 0; });
  for (unsigned w : words) {
    if (all) {
      marks_.words.erase(w);
    } else {
      marks_.words.insert(w);
    }
  }
}

void Quiz::set_degree(std::optional<unsigned> degree) {
  if (phase() == QuizPhase::Predicting) marks_.degree = degree;
}

void Quiz::set_marks(PredictionMarks marks) {
  if (phase() == QuizPhase::Predicting) marks_ = std::move(marks);
}

void Quiz::clear_marks() {
  if (phase() == QuizPhase::Predicting) marks_ = {};
}

std::string Quiz::banner() const {
  std::string run = score_text(run_.total());
  switch (phase()) {
    case QuizPhase::Predicting:
      return "Predict step " + std::to_string(step_ + 1) +
             ": click the words that will be written and the threads that will be active, pick "
             "the conflict degree; Enter or \u2192 reveals." +
             (run_.steps() > 0 ? " Run so far " + run + "." : "");
    case QuizPhase::Revealed:
      return "Step " + std::to_string(step_) + ": this step " + score_text(judgement_.score) +
             (second_try_ ? " (a second try: the run keeps the first)" : "") +
             (unmarked_ ? " (nothing was marked: not counted)" : "") + ", run " + run +
             ". Green ring: right, red cross: wrong mark, dashed: missed. " +
             degree_sentence(judgement_) + (step_ + 1 < steps_ ? "" : " That was the last step.");
    case QuizPhase::Finished:
      return "Step " + std::to_string(step_) + " is the last: nothing left to predict" +
             (run_.steps() > 0 ? "; run " + run : std::string()) + ". \u2190 or Home goes back.";
    case QuizPhase::Off:
    case QuizPhase::Paused:
      break;
  }
  return "";
}

QuizOverlay Quiz::overlay(std::size_t words, std::size_t threads) const {
  QuizOverlay out{std::vector<QuizMark>(words, QuizMark::None),
                  std::vector<QuizMark>(threads, QuizMark::None)};
  auto put = [](std::vector<QuizMark>& v, unsigned i, QuizMark m) {
    if (i < v.size()) v[i] = m;
  };
  QuizPhase now = phase();
  if (now == QuizPhase::Predicting) {
    for (unsigned w : marks_.words) put(out.words, w, QuizMark::Marked);
    for (unsigned t : marks_.threads) put(out.threads, t, QuizMark::Marked);
  } else if (now == QuizPhase::Revealed) {
    for (const JudgedItem& i : judgement_.words) put(out.words, i.index, mark_of(i.verdict));
    for (const JudgedItem& i : judgement_.threads) put(out.threads, i.index, mark_of(i.verdict));
  }
  return out;
}

}  // namespace stridescope
