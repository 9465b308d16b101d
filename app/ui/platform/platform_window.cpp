// The platform side of the window: GLFW + glad + the ImGui backends, set up and torn down once.
#define GLFW_INCLUDE_NONE
#include "ui/platform/platform_window.h"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include "ui/platform/gl_api.h"

#if defined(__EMSCRIPTEN__)
#include <emscripten.h>
#else
#include <dlfcn.h>
#include <link.h>
#endif

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string_view>

namespace stridescope {
namespace {

#if defined(__SANITIZE_ADDRESS__)
// Sanitizer build only: keeps Mesa's OpenGL driver (a *_dri.so) loaded to the end, so that the
// blocks it keeps for the life of the process show under its name and the one leak suppression
// (app/core/sanitizer_options.cpp) matches them; unloaded, they would have no name at all.
void pin_gl_driver() {
  dl_iterate_phdr(
      [](dl_phdr_info* info, std::size_t, void*) {
        std::string_view name = info->dlpi_name ? info->dlpi_name : "";
        if (name.size() > 7 && name.substr(name.size() - 7) == "_dri.so") {
          ::dlopen(info->dlpi_name, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
        }
        return 0;
      },
      nullptr);
}
#else
void pin_gl_driver() {}
#endif

// While the window is being made, GLFW's last complaint is kept for the one error line that says
// why it could not be (WindowError); once it is up, GLFW's errors are printed as they come.
bool window_up = false;
std::string glfw_said;
void glfw_error(int code, const char* description) {
  if (!window_up) {
    glfw_said = description ? description : "GLFW error " + std::to_string(code);
    return;
  }
  std::fprintf(stderr, "stridescope: GLFW error %d: %s\n", code, description);
}
[[noreturn]] void cannot_open(const std::string& why) {
  throw WindowError(why + (glfw_said.empty() ? "" : " (" + glfw_said + ")"));
}

// Every key event goes to the window first (PlatformWindow::key_event), then to ImGui's backend.
void on_key(GLFWwindow* window, int key, int scancode, int action, int mods) {
  if (auto* self = static_cast<PlatformWindow*>(glfwGetWindowUserPointer(window)))
    self->key_event(key, scancode, action, mods);
}

// Every other event the window gets counts as input: ImGui's backend chains to the callbacks it
// also sets (buttons, wheel, text, focus, pointer entering); the rest are ours alone.
void count(GLFWwindow* window) {
  if (auto* self = static_cast<PlatformWindow*>(glfwGetWindowUserPointer(window)))
    self->count_event();
}
void count_events_of(GLFWwindow* window) {
  glfwSetMouseButtonCallback(window, [](GLFWwindow* w, int, int, int) { count(w); });
  glfwSetScrollCallback(window, [](GLFWwindow* w, double, double) { count(w); });
  glfwSetCharCallback(window, [](GLFWwindow* w, unsigned) { count(w); });
  glfwSetWindowFocusCallback(window, [](GLFWwindow* w, int) { count(w); });
  glfwSetCursorEnterCallback(window, [](GLFWwindow* w, int) { count(w); });
  glfwSetCursorPosCallback(window, [](GLFWwindow* w, double, double) { count(w); });
  glfwSetWindowSizeCallback(window, [](GLFWwindow* w, int, int) { count(w); });
  glfwSetFramebufferSizeCallback(window, [](GLFWwindow* w, int, int) { count(w); });
  glfwSetWindowRefreshCallback(window, count);
  glfwSetWindowIconifyCallback(window, [](GLFWwindow* w, int) { count(w); });
#if !defined(__EMSCRIPTEN__)  // emscripten's GLFW is 3.2: a page's scale shows as a new size
  glfwSetWindowContentScaleCallback(window, [](GLFWwindow* w, float, float) { count(w); });
#endif
}

// emscripten's GLFW (3.1.6) hands on the browser's wheel deltas as they are: positive downwards,
// in the unit of the event's deltaMode (index.html keeps the last one): pixels (about 100 a
// notch; a touchpad sends a few at a time), lines (3 a notch) or pages. ImGui wants notches,
// positive upwards. (ImGui's own callback replaced, it is called from here.)
void turn_browser_wheel([[maybe_unused]] GLFWwindow* window) {
#if defined(__EMSCRIPTEN__)
  glfwSetScrollCallback(window, [](GLFWwindow* w, double dx, double dy) {
    count(w);
    const int mode = EM_ASM_INT({ return Module.wheelDeltaMode || 0; });
    const double per_notch = mode == 0 ? 100.0 : mode == 1 ? 3.0 : 1.0;
    ImGui_ImplGlfw_ScrollCallback(w, -dx / per_notch, -dy / per_notch);
  });
#endif
}

// "Right", "Ctrl+O", "Enter@5": a key, Ctrl held or not, and the frame it is tapped in.
template <typename Tap>
std::vector<Tap> test_taps() {
  std::vector<Tap> taps;
  const char* list = std::getenv("STRIDESCOPE_TEST_KEYS");
  if (list == nullptr) return taps;
  std::istringstream in(list);
  for (std::string name; std::getline(in, name, ',');) {
    Tap tap;
    if (std::size_t at = name.find('@'); at != std::string::npos) {
      tap.frame = std::atoi(name.c_str() + at + 1);
      name.resize(at);
    }
    if (name.starts_with("Ctrl+")) {
      tap.mods = GLFW_MOD_CONTROL;
      name.erase(0, 5);
    }
    tap.key = key_from_name(name.c_str());
    if (tap.key != 0) taps.push_back(tap);
  }
  return taps;
}

}  // namespace

PlatformWindow::PlatformWindow(int width, int height, bool capture, const std::string& ini_path)
    : ini_path_(ini_path) {
  window_up = false;
  glfw_said.clear();
  glfwSetErrorCallback(glfw_error);
  if (!glfwInit()) cannot_open("cannot open a window (no display? try xvfb-run)");
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  if (capture) glfwWindowHint(GLFW_RESIZABLE, GLFW_FALSE);
  // No depth or stencil buffer (ImGui uses neither): Mesa's software renderer then bins ImGui's
  // rectangles as rectangles, not triangle pairs.
  glfwWindowHint(GLFW_DEPTH_BITS, 0);
  glfwWindowHint(GLFW_STENCIL_BITS, 0);
  window_ = glfwCreateWindow(width, height, "StrideScope", nullptr, nullptr);
  if (window_ == nullptr) {
    glfwTerminate();
    cannot_open("cannot create an OpenGL 3.3 window");
  }
  glfwMakeContextCurrent(window_);
  pin_gl_driver();
  glfwSwapInterval(capture ? 0 : 1);
#if !defined(__EMSCRIPTEN__)  // WebGL2's functions need no loader
  if (gladLoadGL(glfwGetProcAddress) == 0) {
    glfwDestroyWindow(window_);
    glfwTerminate();
    cannot_open("cannot load OpenGL functions");
  }
#endif
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  if (ini_path_.empty()) {
    ImGui::GetIO().IniFilename = nullptr;
  } else {
    std::error_code ignored;
    std::filesystem::create_directories(std::filesystem::path(ini_path_).parent_path(), ignored);
    ImGui::GetIO().IniFilename = ini_path_.c_str();
  }
  glfwSetWindowUserPointer(window_, this);
  count_events_of(window_);
  ImGui_ImplGlfw_InitForOpenGL(window_, true);
  glfwSetKeyCallback(window_, on_key);  // in front of ImGui's: key_event forwards to it
  turn_browser_wheel(window_);
  test_taps_ = test_taps<TestTap>();
  if (const char* at = std::getenv("STRIDESCOPE_TEST_POINTER"))
    std::sscanf(at, "%lf,%lf@%d", &test_pointer_.x, &test_pointer_.y, &test_pointer_.frame);
  if (const char* at = std::getenv("STRIDESCOPE_TEST_CLICK"))
    std::sscanf(at, "%lf,%lf@%d", &test_click_.x, &test_click_.y, &test_click_.frame);
  if (const char* size = std::getenv("STRIDESCOPE_TEST_RESIZE"))
    std::sscanf(size, "%dx%d", &test_width_, &test_height_);
  ImGui_ImplOpenGL3_Init(kImGuiShaderVersion);
  // A steady cursor: a blinking one would need frames while nothing else changes.
  ImGui::GetIO().ConfigInputTextCursorBlink = false;
  window_up = true;
}

PlatformWindow::~PlatformWindow() {
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window_);
  glfwTerminate();
}

void PlatformWindow::key_event(int key, int scancode, int action, int mods) {
  KeyAction what = action == GLFW_PRESS    ? KeyAction::Press
                   : action == GLFW_REPEAT ? KeyAction::Repeat
                                           : KeyAction::Release;
  keys_.push({key, what, mods});
  count_event();
  if (action == GLFW_PRESS) pressed_since_frame_.push_back(key);
  bool quick = action == GLFW_RELEASE &&
               std::find(pressed_since_frame_.begin(), pressed_since_frame_.end(), key) !=
                   pressed_since_frame_.end();
  if (quick) {  // ImGui would see the key up before it saw it down: it is released next frame
    held_releases_.push_back({key, scancode, mods, false});
    return;
  }
  ImGui_ImplGlfw_KeyCallback(window_, key, scancode, action, mods);
}

bool PlatformWindow::should_close() const {
  return glfwWindowShouldClose(window_) != 0;
}

void PlatformWindow::begin_frame() {
  if (++frames_ == 2 && test_width_ > 0 && test_height_ > 0) {
    glfwSetWindowSize(window_, test_width_, test_height_);
    for (int i = 0; i < 100; ++i) {  // until the window system has done it (Xvfb: at once)
      int w = 0, h = 0;
      glfwPollEvents();
      glfwGetWindowSize(window_, &w, &h);
      if (w == test_width_ && h == test_height_) break;
      glfwWaitEventsTimeout(0.01);
    }
  }
  // Test taps first, as a quick press the window system handed over while the loop waited for
  // events between two frames (the usual way one arrives).
  for (const TestTap& tap : test_taps_) {
    if (tap.frame != frames_) continue;
    key_event(tap.key, 0, GLFW_PRESS, tap.mods);
    key_event(tap.key, 0, GLFW_RELEASE, tap.mods);
  }
  // A quick tap's release reaches ImGui once a frame has seen the key down; one that arrived since
  // the last frame waits for this one.
  std::erase_if(held_releases_, [this](const HeldRelease& r) {
    if (r.seen) ImGui_ImplGlfw_KeyCallback(window_, r.key, r.scancode, GLFW_RELEASE, r.mods);
    return r.seen;
  });
  if (frames_ == test_pointer_.frame) glfwSetCursorPos(window_, test_pointer_.x, test_pointer_.y);
  glfwPollEvents();
  for (HeldRelease& r : held_releases_) r.seen = true;  // this frame sees them pressed
  pressed_since_frame_.clear();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  if (test_click_.frame > 0 && frames_ - test_click_.frame >= 0 &&
      frames_ - test_click_.frame <= 1) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(static_cast<float>(test_click_.x), static_cast<float>(test_click_.y));
    io.MouseDown[0] = frames_ == test_click_.frame;
  }
  ImGui::NewFrame();
}

void PlatformWindow::render(ImVec4 background) {
  ImGui::Render();
  glfwGetFramebufferSize(window_, &fb_width_, &fb_height_);
  glViewport(0, 0, fb_width_, fb_height_);
  glClearColor(background.x, background.y, background.z, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void PlatformWindow::present() {
  glfwSwapBuffers(window_);
}

void PlatformWindow::resize(int width, int height) {
  glfwSetWindowSize(window_, width, height);
}

void PlatformWindow::finish() {
  glFinish();
}

void PlatformWindow::wait_events(double seconds) {
  glfwWaitEventsTimeout(seconds);
}

double PlatformWindow::display_hz() const {
  GLFWmonitor* monitor = glfwGetPrimaryMonitor();
  const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
  return mode && mode->refreshRate > 0 ? mode->refreshRate : 60.0;
}

void PlatformWindow::upload_fonts() {
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
}

}  // namespace stridescope
