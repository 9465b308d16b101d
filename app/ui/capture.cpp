// Capture runs: the screenshot at the third frame (ImGui settles auto-sized layout first), frame
// times for the benchmark.
#include "ui/capture.h"

#include <algorithm>
#include <cstdio>

#include "ui/screenshot.h"

namespace stridescope {
namespace {

constexpr int kScreenshotFrame = 3;

}  // namespace

Capture::Capture(const GuiOptions& options)
    : path_(options.screenshot_path), frames_wanted_(options.benchmark_frames) {}

bool Capture::after_render(PlatformWindow& window, int frame, std::size_t step, int& status) {
  if (!screenshot() || frame != kScreenshotFrame) return false;
  window.finish();
  int w = window.framebuffer_width(), h = window.framebuffer_height();
  if (!save_framebuffer_png(path_, w, h)) {
    std::fprintf(stderr, "stridescope: error: cannot write %s\n", path_.c_str());
    status = 4;
  } else {
    std::printf("wrote %s (%dx%d, step %zu)\n", path_.c_str(), w, h, step);
  }
  return true;
}

void Capture::frame_shown(PlatformWindow& window, std::chrono::steady_clock::time_point start) {
  if (frames_wanted_ <= 0) return;
  window.finish();
  frame_ms_.push_back(
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
}

void Capture::report(unsigned block) const {
  if (frame_ms_.empty()) return;
  std::vector<double> sorted = frame_ms_;
  std::sort(sorted.begin(), sorted.end());
  std::printf(
      "GUI frames: %zu, block %u, canvas animating; median %.2f ms, p95 %.2f ms, max %.2f ms\n",
      sorted.size(), block, sorted[sorted.size() / 2], sorted[sorted.size() * 95 / 100],
      sorted.back());
}

}  // namespace stridescope
