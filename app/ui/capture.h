// Capture runs: --screenshot (render a few frames, write the back buffer as PNG, exit) and
// --benchmark-frames (animate N frames, print frame times, exit).
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include "ui/gui.h"
#include "ui/platform_window.h"

namespace stridescope {

class Capture {
 public:
  explicit Capture(const GuiOptions& options);
  bool active() const { return screenshot() || frames_wanted_ > 0; }
  bool screenshot() const { return !path_.empty(); }  // no animation: every frame settled

  // After frame `frame` (1, 2, ...) was rendered, before it is shown: takes the screenshot or
  // the frame time. True when the capture is done; `status` becomes non-zero on failure.
  bool after_render(PlatformWindow& window, int frame, std::size_t step, int& status);
  // After the frame begun at `start` was shown: waits for the GPU, then takes the frame's time.
  void frame_shown(PlatformWindow& window, std::chrono::steady_clock::time_point start);
  // The benchmark's figures, for the run's block size.
  void report(unsigned block) const;

 private:
  std::string path_;
  int frames_wanted_ = 0;
  std::vector<double> frame_ms_;
};

}  // namespace stridescope
