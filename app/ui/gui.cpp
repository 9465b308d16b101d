// The GUI main loop: window, fonts, panels laid out for a projector, screenshot and benchmark
// modes.
#define GLFW_INCLUDE_NONE
#include "ui/gui.h"

#include <GLFW/glfw3.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <glad/gl.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <vector>

#include "ui/grid_view.h"
#include "ui/memory_canvas.h"
#include "ui/panels.h"
#include "ui/precision_panel.h"
#include "ui/screenshot.h"
#include "ui/session.h"
#include "ui/shuffle_view.h"
#include "ui/theme.h"
#include "ui/timing_panel.h"

namespace stridescope {
namespace {

// Default layout, as fractions of the display; ImGui's ini file remembers what the user moves.
void place(float x, float y, float w, float h, bool fixed) {
  ImVec2 d = ImGui::GetIO().DisplaySize;
  ImGuiCond cond = fixed ? ImGuiCond_Always : ImGuiCond_FirstUseEver;
  ImGui::SetNextWindowPos(ImVec2(d.x * x, d.y * y), cond);
  ImGui::SetNextWindowSize(ImVec2(d.x * w, d.y * h), cond);
}

// Ctrl+C or a polite kill closes the window the normal way, so layout and preferences are saved.
volatile std::sig_atomic_t stop_requested = 0;
void request_stop(int) {
  stop_requested = 1;
}

void glfw_error(int code, const char* description) {
  std::fprintf(stderr, "stridescope: GLFW error %d: %s\n", code, description);
}

// At the step where a run stopped at a divergent barrier, the canvas says so across its foot.
std::string divergence_banner(Session& session) {
  const Trace& trace = session.trace();
  const Step& step = trace.blocks[0].steps[session.playback().step()];
  if (step.kind != StepKind::Divergence || !trace.divergence) return "";
  return "BARRIER DIVERGENCE, the run stops here: " + trace.divergence->message;
}

// The centre window: the memory canvas, or the timing panel, as tabs.
void draw_canvas_window(Session& session, MemoryCanvas& canvas, const UiSettings& settings,
                        TimingState& timing, PrecisionState& precision, GridViewState& grid,
                        std::string& select_tab) {
  ImGui::Begin("View");
  if (ImGui::BeginTabBar("views")) {
    if (ImGui::BeginTabItem("Shared memory")) {
      if (session.has_trace()) {
        CanvasView view{
            session.previous_model(),       &session.current_model(),        &session.facts(),
            session.trace().run.block_size, session.playback().transition(), settings.high_contrast,
            divergence_banner(session)};
        const Step& step = session.trace().blocks[0].steps[session.playback().step()];
        if (step.shuffles.empty()) {
          canvas.draw(view);
        } else {  // shared memory above, warp 0's registers below
          ImGui::BeginChild("memory", ImVec2(0, ImGui::GetContentRegionAvail().y * 0.5f));
          canvas.draw(view);
          ImGui::EndChild();
          unsigned warps = (session.trace().run.block_size + 31) / 32;
          shuffle_view(step, 0, warps, palette(settings.high_contrast));
        }
      }
      ImGui::EndTabItem();
    }
    auto flags = [&](const char* tab) {
      return select_tab == tab ? ImGuiTabItemFlags_SetSelected : 0;
    };
    if (ImGui::BeginTabItem("Grid", nullptr, flags("grid"))) {
      if (session.has_trace()) {
        grid_view(session.trace(), session.generation(), grid, palette(settings.high_contrast));
      }
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Timing", nullptr, flags("timing"))) {
      timing_panel(timing, settings.high_contrast);
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Precision", nullptr, flags("precision"))) {
      precision_panel(precision, settings.high_contrast);
      ImGui::EndTabItem();
    }
    select_tab.clear();
    ImGui::EndTabBar();
  }
  ImGui::End();
}

void draw_timeline_window(Session& session, UiSettings& settings) {
  ImGui::Begin("Timeline");
  timeline_panel(session, settings);
  ImGui::End();
}

void draw_facts_window(Session& session, const UiSettings& settings) {
  ImGui::Begin("Step facts");
  facts_panel(session, settings.high_contrast);
  ImGui::End();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0 : v[v.size() / 2];
}

}  // namespace

int run_gui(const GuiOptions& options) {
  Session session;
  session.set_device(options.device_name, options.device_tracer);
  RunRequest request = options.request;
  bool loaded = options.trace_path ? session.open(*options.trace_path) : session.run(request);
  if (!loaded) {
    std::fprintf(stderr, "stridescope: error: %s\n", session.error().c_str());
    return 2;
  }
  if (options.trace_path) {
    const RunInfo& run = session.trace().run;
    request.variant = run.variant;
    request.block = run.block_size;
    request.n = run.n;
    request.input = run.input_pattern;
    request.seed = run.seed;
    request.element_type = run.element_type;
  }
  if (options.step) {
    std::size_t steps = session.trace().blocks[0].steps.size();
    if (*options.step >= steps) {
      std::fprintf(stderr,
                   "stridescope: error: --step %zu does not exist: the trace has steps 0..%zu\n",
                   *options.step, steps - 1);
      return 2;
    }
    session.playback().seek(*options.step);
  }
  bool capture = !options.screenshot_path.empty() || options.benchmark_frames > 0;
  std::string config = config_directory();
  std::string preferences_path = config + "/preferences.json";
  Preferences prefs = capture ? Preferences{} : load_preferences(preferences_path);
  UiSettings settings;
  settings.font_scale = options.font_scale.value_or(prefs.font_scale);
  settings.high_contrast = options.high_contrast.value_or(prefs.high_contrast);
  settings.focus = options.presenter;
  session.playback().set_speed(prefs.speed);

  std::signal(SIGINT, request_stop);
  std::signal(SIGTERM, request_stop);
  glfwSetErrorCallback(glfw_error);
  if (!glfwInit()) {
    std::fprintf(stderr, "stridescope: error: cannot open a window (no display? try xvfb-run)\n");
    return 3;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  if (capture) glfwWindowHint(GLFW_RESIZABLE, GLFW_FALSE);
  GLFWwindow* window =
      glfwCreateWindow(options.width, options.height, "StrideScope", nullptr, nullptr);
  if (window == nullptr) {
    std::fprintf(stderr, "stridescope: error: cannot create an OpenGL 3.3 window\n");
    glfwTerminate();
    return 3;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(capture ? 0 : 1);
  if (gladLoadGL(glfwGetProcAddress) == 0) {
    std::fprintf(stderr, "stridescope: error: cannot load OpenGL functions\n");
    glfwDestroyWindow(window);
    glfwTerminate();
    return 3;
  }

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  std::string ini_path = config + "/imgui.ini";
  if (capture) {
    ImGui::GetIO().IniFilename = nullptr;  // screenshots use the default layout
  } else {
    std::error_code ignored;
    std::filesystem::create_directories(config, ignored);
    ImGui::GetIO().IniFilename = ini_path.c_str();
  }
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");
  MemoryCanvas canvas;
  int status = 0;
  try {
    canvas.init();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "stridescope: error: %s\n", e.what());
    status = 3;
  }

  float built_scale = -1;
  bool built_contrast = !settings.high_contrast;
  Fonts fonts;
  TimingState timing;
  timing.measure_live = options.device_bench;
  timing.device_name = options.device_name;
  load_recorded_timing(timing);
  std::string select_tab(name_of(options.view));
  PrecisionState precision;
  GridViewState grid;
  if (options.view == View::Precision) {
    if (capture) {  // a screenshot shows the finished study
      try {
        precision.study = precision_study(precision.n, precision.seed);
      } catch (const std::exception& e) {
        precision.error = e.what();
      }
    } else {
      start_precision_study(precision);
    }
  }
  bool was_focus = settings.focus;
  std::vector<double> frame_ms;
  int frames = 0;
  const int screenshot_frame = 3;  // ImGui needs a few frames to settle auto-sized layout
  auto last = std::chrono::steady_clock::now();
  if (options.benchmark_frames > 0) {
    session.playback().set_speed(8.0f);
    session.playback().toggle_play();
  }
  while (status == 0 && !glfwWindowShouldClose(window) && !stop_requested) {
    auto frame_start = std::chrono::steady_clock::now();
    double dt = std::chrono::duration<double>(frame_start - last).count();
    last = frame_start;
    glfwPollEvents();
    if (settings.font_scale != built_scale || settings.high_contrast != built_contrast) {
      fonts = load_fonts(settings.font_scale);
      ImGui_ImplOpenGL3_DestroyFontsTexture();
      ImGui_ImplOpenGL3_CreateFontsTexture();
      apply_style(settings.high_contrast, settings.font_scale);
      built_scale = settings.font_scale;
      built_contrast = settings.high_contrast;
    }
    if (!options.screenshot_path.empty()) {
      session.playback().settle();
    } else {
      session.playback().advance_time(dt);
      if (options.benchmark_frames > 0 && !session.playback().playing())
        session.playback().toggle_play();
    }
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    handle_keys(session, settings);

    bool relayout = capture || settings.focus != was_focus;
    was_focus = settings.focus;
    if (settings.focus) {
      place(0.0f, 0.0f, 1.0f, 0.78f, true);
      draw_canvas_window(session, canvas, settings, timing, precision, grid, select_tab);
      place(0.0f, 0.78f, 0.55f, 0.22f, true);
      draw_timeline_window(session, settings);
      place(0.55f, 0.78f, 0.45f, 0.22f, true);
      draw_facts_window(session, settings);
    } else {
      place(0.0f, 0.0f, 0.22f, 0.44f, relayout);
      ImGui::Begin("Run");
      run_panel(session, request, settings);
      ImGui::End();
      place(0.0f, 0.44f, 0.22f, 0.56f, relayout);
      draw_facts_window(session, settings);
      place(0.22f, 0.0f, 0.52f, 0.85f, relayout);
      draw_canvas_window(session, canvas, settings, timing, precision, grid, select_tab);
      place(0.22f, 0.85f, 0.52f, 0.15f, relayout);
      draw_timeline_window(session, settings);
      place(0.74f, 0.0f, 0.26f, 1.0f, relayout);
      ImGui::Begin("Source");
      source_panel(session, fonts.mono, settings.high_contrast);
      ImGui::End();
    }

    ImGui::Render();
    int fb_w = 0, fb_h = 0;
    glfwGetFramebufferSize(window, &fb_w, &fb_h);
    glViewport(0, 0, fb_w, fb_h);
    const Palette& p = palette(settings.high_contrast);
    glClearColor(p.canvas_background.x, p.canvas_background.y, p.canvas_background.z, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    ++frames;
    if (!options.screenshot_path.empty() && frames == screenshot_frame) {
      glFinish();
      if (!save_framebuffer_png(options.screenshot_path, fb_w, fb_h)) {
        std::fprintf(stderr, "stridescope: error: cannot write %s\n",
                     options.screenshot_path.c_str());
        status = 4;
      } else {
        std::printf("wrote %s (%dx%d, step %zu)\n", options.screenshot_path.c_str(), fb_w, fb_h,
                    session.playback().step());
      }
      break;
    }
    glfwSwapBuffers(window);
    if (options.benchmark_frames > 0) {
      glFinish();
      frame_ms.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - frame_start)
              .count());
      if (frames >= options.benchmark_frames) break;
    }
  }
  if (options.benchmark_frames > 0 && !frame_ms.empty()) {
    std::vector<double> sorted = frame_ms;
    std::sort(sorted.begin(), sorted.end());
    std::printf(
        "GUI frames: %zu, block %u, canvas animating; median %.2f ms, p95 %.2f ms, max %.2f ms\n",
        frame_ms.size(), session.trace().run.block_size, median(frame_ms),
        sorted[sorted.size() * 95 / 100], sorted.back());
  }
  if (!capture)
    save_preferences({settings.font_scale, settings.high_contrast, session.playback().speed()},
                     preferences_path);
  canvas.shutdown();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return status;
}

}  // namespace stridescope
