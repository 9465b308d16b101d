// The GUI's state: playback clock, preferences file, and the trace with its per-step analyses.
#include "ui/session.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "registry.h"
#include "trace/trace_json.h"

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

std::string config_directory() {
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
    return std::string(xdg) + "/stridescope";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.config/stridescope";
  return ".stridescope";
}

Preferences load_preferences(const std::string& path) {
  Preferences p;
  std::ifstream in(path);
  if (!in) return p;
  nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (!j.is_object()) return p;  // a damaged file is ignored, never fatal
  if (j.contains("font_scale") && j["font_scale"].is_number()) {
    p.font_scale = std::clamp(j["font_scale"].get<float>(), 0.5f, 4.0f);
  }
  if (j.contains("high_contrast") && j["high_contrast"].is_boolean())
    p.high_contrast = j["high_contrast"];
  if (j.contains("speed") && j["speed"].is_number())
    p.speed = std::clamp(j["speed"].get<float>(), 0.1f, 20.0f);
  return p;
}

void save_preferences(const Preferences& p, const std::string& path) {
  std::error_code ignored;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ignored);
  std::ofstream out(path);
  out << nlohmann::json{{"font_scale", p.font_scale},
                        {"high_contrast", p.high_contrast},
                        {"speed", p.speed}}
             .dump(2);
}

void Session::set_device(std::string name, std::function<Trace(const RunRequest&)> tracer) {
  device_name_ = std::move(name);
  device_tracer_ = std::move(tracer);
  use_device_ = use_device_ && device_tracer_ != nullptr;
}

bool Session::run(const RunRequest& request) {
  try {
    if (use_device_) {
      try {
        adopt(device_tracer_(request), "traced live on " + device_name_);
        return true;
      } catch (const RunError&) {
        throw;
      } catch (const std::exception& e) {
        adopt(run_on_emulator(request), std::string("CUDA failed (") + e.what() +
                                            "); showing the CPU emulator's trace instead");
        return true;
      }
    }
    adopt(run_on_emulator(request), "traced on the CPU emulator");
    return true;
  } catch (const std::exception& e) {
    error_ = e.what();
    return false;
  }
}

bool Session::open(const std::string& path) {
  try {
    Trace trace = load_trace(path);
    std::string origin = trace.run.backend == Backend::Emulator ? "CPU emulator" : trace.run.device;
    adopt(std::move(trace), "opened " + path + " (recorded on " + origin + ")");
    return true;
  } catch (const std::exception& e) {
    error_ = e.what();
    return false;
  }
}

bool Session::save(const std::string& path) {
  if (!trace_) return false;
  try {
    save_trace(*trace_, path);
    notice_ = "saved " + path;
    error_.clear();
    return true;
  } catch (const std::exception& e) {
    error_ = e.what();
    return false;
  }
}

void Session::adopt(Trace trace, std::string notice) {
  trace_ = std::move(trace);
  error_.clear();
  notice_ = std::move(notice);
  playback_.reset(trace_->blocks[0].steps.size(), 0);
  cached_step_ = SIZE_MAX;
  ++generation_;
  const VariantInfo* variant = find_variant(trace_->run.variant);
  lab_ = lab_summary(*trace_, variant == nullptr || variant->behaviour.result_in_word0);
}

void Session::refresh() {
  std::size_t step = playback_.step();
  if (step == cached_step_) return;
  facts_ = step_facts(*trace_, 0, step);
  const Contributions* flow = lab_.contributions.applicable ? &lab_.contributions : nullptr;
  current_ = canvas_model(*trace_, 0, step, facts_, flow);
  if (step > 0) {
    previous_ = canvas_model(*trace_, 0, step - 1, step_facts(*trace_, 0, step - 1), flow);
  }
  cached_step_ = step;
}

const StepFacts& Session::facts() {
  refresh();
  return facts_;
}
const CanvasModel& Session::current_model() {
  refresh();
  return current_;
}
const CanvasModel* Session::previous_model() {
  refresh();
  return playback_.step() > 0 ? &previous_ : nullptr;
}

}  // namespace stridescope
