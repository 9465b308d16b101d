// The GUI's state: the run settings, the trace on screen, the current step and the playback clock.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "analysis/lab_summary.h"
#include "analysis/step_facts.h"
#include "emu/run_variant.h"
#include "trace/trace.h"
#include "ui/canvas_model.h"

namespace stridescope {

// Play/pause, step, scrub and speed over `step_count` steps; pure, no GUI calls.
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

// User preferences kept between runs (the window layout lives in ImGui's own ini file).
struct Preferences {
  float font_scale = 1.0f;
  bool high_contrast = false;
  float speed = 1.0f;
};
Preferences load_preferences(const std::string& path);
void save_preferences(const Preferences& preferences, const std::string& path);
std::string config_directory();  // $XDG_CONFIG_HOME/stridescope or ~/.config/stridescope

class Session {
 public:
  // Runs the request on the chosen backend; on failure keeps the old trace and returns false. A
  // CUDA failure falls back to the emulator with a visible notice.
  bool run(const RunRequest& request);
  // Offers a CUDA device (an empty name: none) and picks the backend of the next runs.
  void set_device(std::string name, std::function<Trace(const RunRequest&)> tracer);
  void use_device(bool on) { use_device_ = on && device_tracer_ != nullptr; }
  bool using_device() const { return use_device_; }
  const std::string& device_name() const { return device_name_; }
  bool open(const std::string& path);  // a trace file; on failure keeps the old trace
  bool save(const std::string& path);

  bool has_trace() const { return trace_.has_value(); }
  const Trace& trace() const { return *trace_; }
  std::size_t generation() const { return generation_; }  // changes with every new trace
  const std::string& error() const { return error_; }
  const std::string& notice() const { return notice_; }

  Playback& playback() { return playback_; }
  const Playback& playback() const { return playback_; }

  // Facts and canvas models of the current step and the one before (recomputed on change).
  const StepFacts& facts();
  const CanvasModel& current_model();
  const CanvasModel* previous_model();  // nullptr at step 0
  // The hazard lab's findings for the whole run (computed when a trace arrives).
  const LabSummary& lab() const { return lab_; }

 private:
  void adopt(Trace trace, std::string notice);
  void refresh();
  std::optional<Trace> trace_;
  std::string device_name_;
  std::function<Trace(const RunRequest&)> device_tracer_;
  bool use_device_ = false;
  std::string error_, notice_;
  Playback playback_;
  std::size_t cached_step_ = SIZE_MAX;
  StepFacts facts_;
  CanvasModel current_, previous_;
  LabSummary lab_;
  std::size_t generation_ = 0;
};

}  // namespace stridescope
