// Entry point of the graphical front end (GLFW + OpenGL 3.3 + Dear ImGui).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "bench/bench_report.h"
#include "model/lessons.h"
#include "run/request.h"
#include "trace/trace.h"
#include "ui/view_id.h"

namespace stridescope {

struct GuiOptions {
  RunRequest request;                     // the run shown at start, unless a trace file is given
  std::optional<std::string> trace_path;  // show this recorded trace instead
  std::vector<std::string> compare;       // 2 to 4 variants side by side (request's other settings)
  std::optional<LessonId> lesson;         // start this lesson at its first step (request is it)
  std::optional<std::size_t> step;        // start at this step
  std::string screenshot_path;            // if set: render, write a PNG, exit
  int width = 1600;
  int height = 900;
  std::optional<float> font_scale;
  std::optional<bool> high_contrast;
  bool presenter = false;    // start in the presenter view (canvas across the window)
  int benchmark_frames = 0;  // if > 0: animate this many frames, print frame times, exit
  View view = View::Memory;  // the centre tab shown at start
  std::function<BenchReport()> device_bench;  // live timings, set when a CUDA device is usable
  std::string device_name;                    // CUDA device, empty when none
  std::function<Trace(const RunRequest&)> device_tracer;  // set when a CUDA device is usable
};

// Returns the process exit status.
int run_gui(const GuiOptions& options);

}  // namespace stridescope
