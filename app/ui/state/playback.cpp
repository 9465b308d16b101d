// The playback clock: steps, scrubbing and the transition between two steps.
#include "ui/state/playback.h"

#include <algorithm>

namespace stridescope {

void Playback::reset(std::size_t step_count, std::size_t start_step) {
  count_ = std::max<std::size_t>(1, step_count);
  playing_ = false;
  moved_to(std::min(start_step, count_ - 1), false);
}

void Playback::moved_to(std::size_t step, bool animate) {
  step_ = step;
  transition_ = animate ? 0.0f : 1.0f;
  since_step_ = 0;
}

void Playback::advance_time(double seconds) {
  float duration = std::min(0.7f, 0.8f / speed_);
  transition_ = std::min(1.0f, transition_ + static_cast<float>(seconds) / duration);
  if (!playing_) return;
  since_step_ += seconds;
  if (since_step_ >= 1.0 / speed_) {
    if (step_ + 1 < count_) {
      moved_to(step_ + 1, true);
    } else {
      playing_ = false;
    }
  }
}

void Playback::next() {
  if (step_ + 1 < count_) moved_to(step_ + 1, true);
}
void Playback::previous() {
  if (step_ > 0) moved_to(step_ - 1, false);
}
void Playback::first() {
  playing_ = false;
  moved_to(0, false);
}
void Playback::last() {
  playing_ = false;
  moved_to(count_ - 1, false);
}
void Playback::seek(std::size_t step) {
  moved_to(std::min(step, count_ - 1), false);
}
void Playback::toggle_play() {
  if (!playing_ && step_ + 1 >= count_) moved_to(0, false);  // play again from the start
  playing_ = !playing_;
  since_step_ = 0;
}
void Playback::set_speed(float steps_per_second) {
  speed_ = std::clamp(steps_per_second, 0.1f, 20.0f);
}

}  // namespace stridescope
