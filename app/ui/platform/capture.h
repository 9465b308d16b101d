// Capture runs: --screenshot (render a few frames, write the back buffer as PNG, exit),
// --benchmark-frames (animate N frames, print frame times, exit), and the GUI's "Save PNG" (the
// next frame rendered settled and without the pointer, written, then the window goes on).
#pragma once

#include <chrono>
#include <cstddef>
#include <string>
#include <vector>

#include "ui/gui_options.h"
#include "ui/platform/platform_window.h"

namespace stridescope {

// Stops (or restarts) ImGui following the pointer: no hover highlight, no tooltip.
void ignore_pointer(bool ignore);

class Capture {
 public:
  explicit Capture(const GuiOptions& options);
  bool active() const { return !path_.empty() || frames_wanted_ > 0; }
  // This frame is a picture: no animation (every transition settled) and no pointer.
  bool screenshot() const { return !path_.empty() || !saving_.empty(); }

  // After frame `frame` (1, 2, ...) was rendered, before it is shown: takes the screenshot, a
  // "Save PNG" the Run panel asked for, or the frame time. True when the capture is done;
  // `status` becomes non-zero on failure.
  bool after_render(PlatformWindow& window, int frame, std::size_t step, int& status);
  // After the frame begun at `start` was shown: waits for the GPU, then takes the frame's time.
  void frame_shown(PlatformWindow& window, std::chrono::steady_clock::time_point start);
  // The benchmark's figures, for the run's block size.
  void report(unsigned block) const;

 private:
  bool take_screenshot(PlatformWindow& window, std::size_t step, int& status);
  void save_view(PlatformWindow& window);

  std::string path_;
  std::string saving_;  // "Save PNG": the file the frame being rendered goes to
  int frames_wanted_ = 0;
  std::vector<double> frame_ms_;
};

}  // namespace stridescope
