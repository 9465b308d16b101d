// The platform side of the window: GLFW, an OpenGL 3.3 core context through glad, and Dear ImGui
// with its GLFW and OpenGL backends. One per process; the App draws into it frame by frame.
#pragma once

#include <imgui.h>

#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "ui/platform/key_queue.h"

struct GLFWwindow;

namespace stridescope {

// No window could be opened (no display, no OpenGL 3.3): the process exits with status 3.
class WindowError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class PlatformWindow {
 public:
  // `ini_path` "": ImGui remembers no layout (captures render the default one).
  PlatformWindow(int width, int height, bool capture, const std::string& ini_path);
  ~PlatformWindow();
  PlatformWindow(const PlatformWindow&) = delete;
  PlatformWindow& operator=(const PlatformWindow&) = delete;

  bool should_close() const;
  void begin_frame();  // events in, a new ImGui frame
  // Renders the frame's ImGui draw data over `background`; the back buffer is not yet shown.
  void render(ImVec4 background);
  void present();  // shows the back buffer
  void finish();   // waits for the GPU (before reading pixels or timing a frame)
  void resize(int width, int height);  // the page's canvas follows the browser's window
  void upload_fonts();                 // after the font atlas was rebuilt
  // Sleeps until an event arrives or `seconds` pass (the events are handled, as a frame's poll
  // handles them). A signal does not wake it: callers wait in slices.
  void wait_events(double seconds);
  // Input and window events (keys, pointer, buttons, wheel, text, focus, resize, exposure) since
  // the last call; a frame after events lets ImGui settle.
  int take_events() { return std::exchange(events_, 0); }
  bool events_waiting() const { return events_ > 0; }
  void count_event() { ++events_; }
  double display_hz() const;  // the monitor's refresh rate (60 where it does not say)
  // Every key event since the last frame, queued by the window system's callback (ImGui's key
  // state alone loses a press released within the same frame).
  KeyQueue& keys() { return keys_; }
  // A key event from the window system: queued for the App, then handed to ImGui; a key pressed
  // and released within one frame (a clicker, a touch screen, VNC, a quick Enter in the file
  // browser) reaches ImGui released only at the next frame, so that its widgets see it pressed.
  void key_event(int key, int scancode, int action, int mods);
  int framebuffer_width() const { return fb_width_; }
  int framebuffer_height() const { return fb_height_; }

 private:
  GLFWwindow* window_ = nullptr;
  std::string ini_path_;
  KeyQueue keys_;
  // Test hooks: the keys named in STRIDESCOPE_TEST_KEYS ("Right,PageDown", "Ctrl+O@4"), each
  // pressed and released within the first frame (or frame N after '@') through the same callbacks
  // as real events; STRIDESCOPE_TEST_POINTER=X,Y@N moves the pointer there just before frame N's
  // events are read, so that it arrives in the same frame as that frame's keys.
  struct TestTap {
    int key = 0, mods = 0, frame = 1;
  };
  std::vector<TestTap> test_taps_;
  struct TestPointer {
    double x = 0, y = 0;
    int frame = 0;
  } test_pointer_;
  // STRIDESCOPE_TEST_CLICK=X,Y@N: the pointer there, the left button down in frame N and up in
  // frame N+1, as ImGui's GLFW backend hands over a click (a window under Xvfb has no real mouse).
  TestPointer test_click_;
  // Test hook: STRIDESCOPE_TEST_RESIZE=WxH resizes the window before the second frame.
  int test_width_ = 0, test_height_ = 0, frames_ = 0;
  int fb_width_ = 0, fb_height_ = 0;
  int events_ = 0;
  struct HeldRelease {
    int key = 0, scancode = 0, mods = 0;
    bool seen = false;  // a frame has begun with the key down
  };
  std::vector<int> pressed_since_frame_;  // keys pressed since the last frame began
  std::vector<HeldRelease> held_releases_;
};

}  // namespace stridescope
