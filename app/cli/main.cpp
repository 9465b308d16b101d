// The stridescope binary: opens the GUI, or runs the text commands (list, trace, check).
#include <CLI/CLI.hpp>
#include <iostream>

#include "cli/commands.h"
#include "cli/device_commands.h"
#include "cli/lab_command.h"
#include "cli/precision_command.h"
#include "ui/gui.h"
#if defined(STRIDESCOPE_HAVE_CUDA)
#include "cuda/bench.h"
#include "cuda/cuda_trace.h"
#include "cuda/device_reduce.h"
#endif

namespace {

void add_run_options(CLI::App& command, stridescope::RunRequest& request) {
  command.add_option("--variant,-v", request.variant, "variant id (see `stridescope list`)");
  command.add_option("--block,-b", request.block,
                     "threads per block: a power of two, 2..1024 (bug-odd-block: any)");
  command.add_option("--n,-n", request.n, "number of input elements");
  command.add_option("--input,-i", request.input,
                     "input pattern: ones, iota, random, uniform (floats in [0, 1))");
  command.add_option("--seed", request.seed, "seed of the random input");
  command.add_option("--type", request.element_type, "element type: int, float or double");
  command.add_option("--traced-block", request.traced_block, "which block to trace");
  command.add_option("--second-stage", request.second_stage,
                     "how the block results become one: host (default) or relaunch");
}

bool parse_size(const std::string& text, int& width, int& height) {
  return std::sscanf(text.c_str(), "%dx%d", &width, &height) == 2 && width >= 320 &&
         height >= 240 && width <= 8192 && height <= 8192;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"StrideScope: watch a CUDA parallel reduction happen, step by step."};
  app.require_subcommand(0, 1);

  stridescope::GuiOptions gui;
  gui.request.block = 16;
  gui.request.n = 16;
  std::string trace_path, size = "1600x900";
  std::size_t step = 0;
  float font_scale = 1.0f;
  bool high_contrast = false;
  add_run_options(app, gui.request);
  auto* trace_opt = app.add_option("--trace", trace_path, "open a recorded trace file");
  auto* step_opt = app.add_option("--step", step, "start at this step (0 = first)");
  app.add_option("--screenshot", gui.screenshot_path, "render one frame to this PNG file and exit");
  app.add_option("--size", size, "window size WIDTHxHEIGHT");
  auto* scale_opt = app.add_option("--font-scale", font_scale, "text size, 0.5..4 (presenter: 2)");
  auto* contrast_opt = app.add_flag("--high-contrast", high_contrast, "high-contrast theme");
  app.add_option("--view", gui.view, "centre tab at start: memory, grid, timing or precision");
  app.add_flag("--presenter", gui.presenter,
               "start in the presenter view (canvas across the window)");
  app.add_option("--benchmark-frames", gui.benchmark_frames,
                 "animate this many frames, print frame times, exit");

  auto* list = app.add_subcommand("list", "list the reduction variants");
  stridescope::RunRequest trace_request;
  std::string out_path;
  auto* trace = app.add_subcommand("trace", "run a variant on the CPU emulator and save its trace");
  add_run_options(*trace, trace_request);
  trace->add_option("--out,-o", out_path, "trace file to write (JSON)")->required();
  std::string backend = "emulator";
  trace->add_option("--backend", backend, "emulator (default) or cuda");
  std::string check_path;
  auto* check = app.add_subcommand("check", "print the per-step facts of a trace file");
  check->add_option("file", check_path, "trace file (JSON)")->required();

  auto* lab = app.add_subcommand(
      "lab", "hazard lab: races, divergent barriers, lost elements, uninitialized reads of a run");
  stridescope::RunRequest lab_request;
  add_run_options(*lab, lab_request);
  std::string lab_json;
  lab->add_option("--json", lab_json, "also write the findings to this JSON file");

  auto* precision = app.add_subcommand(
      "precision", "float error of a serial loop, every variant, Kahan and double, vs float64");
  std::uint64_t precision_n = std::uint64_t{1} << 22, precision_seed = 1;
  unsigned precision_block = 256;
  std::string precision_json;
  precision->add_option("--n,-n", precision_n, "number of uniform floats (up to 2^22)");
  precision->add_option("--seed", precision_seed, "seed of the input");
  precision->add_option("--block,-b", precision_block, "threads per block (64..1024)");
  precision->add_option("--json", precision_json, "also write the rows to this JSON file");

  auto* bench =
      app.add_subcommand("bench", "time every variant beside CUB and a device copy (needs a GPU)");
  stridescope::BenchCommand bench_command;
  bench->add_option("--json", bench_command.json_path, "also write the results to this JSON file");
  bench->add_flag("--recorded", bench_command.recorded,
                  "show the timings recorded on a GPU (assets/recorded)");
  bench->add_option("--file", bench_command.recorded_file, "with --recorded: this benchmark file");
  bench->add_option("--max-log2", bench_command.max_log2, "largest n as a power of two (10..30)");
  bench->add_option("--repeats", bench_command.repeats, "timed repeats per point (median)");
  bench->add_option("--block", bench_command.block, "threads per block of every timed kernel");

  auto* device_run =
      app.add_subcommand("device-run", "one untraced GPU launch of a variant (for Nsight Compute)");
  stridescope::RunRequest device_request;
  add_run_options(*device_run, device_request);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  try {
    if (*list) return stridescope::command_list(std::cout);
    if (*trace)
      return stridescope::command_trace(stridescope::tracer_for(backend), trace_request, out_path,
                                        std::cout);
    if (*check) return stridescope::command_check(check_path, std::cout);
    if (*lab) return stridescope::command_lab(lab_request, lab_json, std::cout);
    if (*precision) {
      return stridescope::command_precision(precision_n, precision_seed, precision_block,
                                            precision_json, std::cout);
    }
    if (*device_run) return stridescope::command_device_run(device_request, std::cout);
    if (*bench) return stridescope::command_bench(bench_command, std::cout);
    if (!parse_size(size, gui.width, gui.height)) {
      std::cerr << "stridescope: error: --size must look like 1600x900 (320x240 to 8192x8192)\n";
      return 2;
    }
    if (*trace_opt) gui.trace_path = trace_path;
    if (*step_opt) gui.step = step;
    if (gui.view != "memory" && gui.view != "grid" && gui.view != "timing" &&
        gui.view != "precision") {
      std::cerr << "stridescope: error: --view must be memory, grid, timing or precision\n";
      return 2;
    }
    if (*scale_opt) {
      if (!(font_scale >= 0.5f && font_scale <= 4.0f)) {
        std::cerr << "stridescope: error: --font-scale must be between 0.5 and 4\n";
        return 2;
      }
      gui.font_scale = font_scale;
    }
    if (*contrast_opt) gui.high_contrast = high_contrast;
    if (!gui.trace_path) stridescope::validate(gui.request);
#if defined(STRIDESCOPE_HAVE_CUDA)
    gui.device_name = stridescope::cuda::device_name();
    if (!gui.device_name.empty()) {
      gui.device_tracer = stridescope::cuda::trace_on_device;
      gui.device_bench = [] {
        stridescope::cuda::BenchOptions
            quick;  // keep the window responsive: up to 2^26, 10 repeats
        quick.max_log2 = 26;
        quick.repeats = 10;
        return stridescope::cuda::run_benchmark(quick);
      };
    }
#endif
    return stridescope::run_gui(gui);
  } catch (const std::exception& e) {
    std::cerr << "stridescope: error: " << e.what() << "\n";
    return 2;
  }
}
