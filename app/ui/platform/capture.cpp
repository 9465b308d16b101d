// Capture runs: the screenshot at the third frame (ImGui settles auto-sized layout first) with the
// pointer ignored from the second, "Save PNG" from the GUI, frame times for the benchmark.
#define GLFW_INCLUDE_NONE
#include "ui/platform/capture.h"

#include "core/browser.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "core/error_line.h"
#include "core/files.h"
#include "ui/export/export_png_request.h"
#include "ui/platform/screenshot.h"

namespace stridescope {
namespace {

constexpr int kScreenshotFrame = 3;

// Tests only: STRIDESCOPE_CAPTURE_POINTER=X,Y puts the pointer there (window coordinates) after
// the first frame, as a user's hand would, to show that a screenshot never shows a tooltip.
void place_test_pointer() {
  const char* where = std::getenv("STRIDESCOPE_CAPTURE_POINTER");
  double x = 0, y = 0;
  if (where == nullptr || std::sscanf(where, "%lf,%lf", &x, &y) != 2) return;
  if (GLFWwindow* window = glfwGetCurrentContext()) glfwSetCursorPos(window, x, y);
}

std::string absolute(const std::string& path) {
  std::error_code ignored;
  std::filesystem::path full = std::filesystem::absolute(path, ignored);
  return full.empty() ? path : full.string();
}

}  // namespace

void ignore_pointer(bool ignore) {
  ImGuiIO& io = ImGui::GetIO();
  if (ignore) {
    io.ConfigFlags |= ImGuiConfigFlags_NoMouse;  // NewFrame() clears position and buttons
  } else {
    io.ConfigFlags &= ~ImGuiConfigFlags_NoMouse;
  }
}

Capture::Capture(const GuiOptions& options)
    : path_(options.screenshot_path), frames_wanted_(options.benchmark_frames) {}

bool Capture::after_render(PlatformWindow& window, int frame, std::size_t step, int& status) {
  if (!path_.empty()) {
    if (frame == 1) {
      place_test_pointer();
      ignore_pointer(true);  // frames 2 and 3: no hover, no tooltip wherever the pointer is
    }
    return frame == kScreenshotFrame && take_screenshot(window, step, status);
  }
  if (!saving_.empty()) {
    save_view(window);
    saving_.clear();
    ignore_pointer(false);
  }
  if (std::optional<std::string> asked = take_view_png_request()) {
    saving_ = *asked;  // the next frame: settled, no pointer
    ignore_pointer(true);
  }
  return false;
}

bool Capture::take_screenshot(PlatformWindow& window, std::size_t step, int& status) {
  window.finish();
  int w = window.framebuffer_width(), h = window.framebuffer_height();
  try {
    save_framebuffer_png(path_, w, h);
    std::printf("wrote %s (%dx%d, step %zu)\n", path_.c_str(), w, h, step);
  } catch (const FileError& e) {
    std::fputs(error_line(e.what()).c_str(), stderr);
    status = 2;
  }
  return true;
}

void Capture::save_view(PlatformWindow& window) {
  window.finish();
  int w = window.framebuffer_width(), h = window.framebuffer_height();
  std::string where = absolute(saving_);
  try {
    save_framebuffer_png(where, w, h);
    const std::string size = std::to_string(w) + "x" + std::to_string(h);
    set_view_png_status(
        kInBrowser ? saved_text(where) + " (" + size + ")" : "wrote " + where + " (" + size + ")",
        true);
  } catch (const FileError& e) {
    set_view_png_status(with_shown_path(e.what(), where), false);
  }
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
