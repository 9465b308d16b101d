// Play/pause, step, scrub and speed over a trace's steps; pure, no GUI calls.
#pragma once

#include <cstddef>

namespace stridescope {

class Playback {
 public:
  void reset(std::size_t step_count, std::size_t start_step);
  void advance_time(double seconds);  // moves the animation, and the step when playing
  void next();
  void previous();
  void first();
  void last();
  void seek(std::size_t step);
  void toggle_play();
  void set_speed(float steps_per_second);

  std::size_t step() const { return step_; }
  std::size_t step_count() const { return count_; }
  float transition() const { return transition_; }  // 0 just moved .. 1 settled
  bool playing() const { return playing_; }
  float speed() const { return speed_; }
  void settle() { transition_ = 1; }

 private:
  void moved_to(std::size_t step, bool animate);
  std::size_t step_ = 0, count_ = 1;
  float transition_ = 1;
  float speed_ = 1.0f;  // steps per second
  double since_step_ = 0;
  bool playing_ = false;
};

}  // namespace stridescope
