// The stridescope binary: opens the window, or runs a text command (list, trace, check, lab,
// precision, bench, device-run, export). Every error is one "stridescope: error: ..." line and
// status 2.
#include <unistd.h>
#include <CLI/CLI.hpp>

#include <csignal>
#include <iostream>

#include "cli/commands.h"
#include "cli/device_commands.h"
#include "cli/diff_command.h"
#include "cli/exercise_command.h"
#include "cli/export_command.h"
#include "cli/gpu_trace_command.h"
#include "cli/gui_program.h"
#include "cli/lab_command.h"
#include "cli/options.h"
#include "cli/precision_command.h"
#include "cli/run_command.h"
#include "cli/standard_streams.h"
#include "cli/window_options.h"
#include "core/error_line.h"
#include "core/files.h"
#include "program/nvcc/cuda_backend.h"
#include "program/own_program.h"
#include "program/process/stop.h"
#include "program/process/work_dir.h"
#include "program/read/launch_spec.h"
#include "ui/gui.h"
#if defined(STRIDESCOPE_HAVE_CUDA)
#include "catalog/cuda/bench.h"
#include "catalog/cuda/cuda_trace.h"
#include "catalog/cuda/device_reduce.h"
#endif

namespace stridescope {
namespace {

// The last resort against a kernel loop that calls nothing the emulator sees (its own deadline
// cannot fire then): after `seconds` the process says so and exits with status 2.
constexpr unsigned kCommandSeconds = 900;
void on_alarm(int) {
  static const char message[] =
      "stridescope: error: the command ran for over 900 s and was stopped (a kernel that never "
      "ends?)\n";
  ssize_t ignored = ::write(STDERR_FILENO, message, sizeof message - 1);
  (void)ignored;
  ::_exit(2);
}
void arm_command_deadline() {
  std::signal(SIGALRM, on_alarm);
  ::alarm(kCommandSeconds);
}

// Every command's options, as text until the command runs.
struct CommandLine {
  CLI::App app{"StrideScope: watch a CUDA parallel reduction happen, step by step."};
  WindowOptions window;
  CLI::App* list = app.add_subcommand("list", "list the reduction variants");
  CLI::App* trace = app.add_subcommand("trace", "run a variant and save its trace");
  RunOptions trace_run;
  std::string out_path, backend = "emulator";
  CLI::App* check = app.add_subcommand("check", "print the per-step facts of a trace file");
  std::string check_path;
  CLI::App* diff = app.add_subcommand(
      "diff", "where two traces of a program first differ (emulator vs GPU, two schedules)");
  std::string diff_a, diff_b;
  CLI::App* lab = app.add_subcommand(
      "lab", "hazard lab: races, divergent barriers, lost elements, uninitialized reads of a run");
  RunOptions lab_run;
  std::string lab_json;
  CLI::App* precision = app.add_subcommand(
      "precision", "float error of a serial loop, every variant, Kahan and double, vs float64");
  std::string precision_n = std::to_string(1u << 22), precision_seed = "1", precision_block = "256";
  std::string precision_json;
  CLI::App* bench =
      app.add_subcommand("bench", "time every variant beside CUB and a device copy (needs a GPU)");
  BenchCommand bench_command;
  std::string bench_max_log2 = "28", bench_repeats = "20", bench_block = "256";
  CLI::App* device_run =
      app.add_subcommand("device-run", "one untraced GPU launch of a variant (for Nsight Compute)");
  RunOptions device_run_options;
  CLI::App* export_run = app.add_subcommand(
      "export", "render a run, step by step with its transitions, as a GIF or an MP4");
  ExportOptions export_options;
  CLI::App* run = app.add_subcommand(
      "run",
      "compile a plain CUDA C++ file with clang, run it on the CPU emulator, trace a block (or "
      "--backend cuda: build it with nvcc, run it on the GPU, time each launch)");
  OwnRunOptions run_options;
  ProgramOptions run_choice;
  std::string run_out, run_backend = "emulator";
  bool run_timings = false;
  std::string run_schedules;
  std::string run_time_limit = "10", run_workers = "0";
  CLI::App* exercise = app.add_subcommand("exercise",
                                          "exercises: list; start NAME [--dir DIR]; check NAME "
                                          "FILE.cu; hint NAME [K]; solution NAME; harness NAME");
  ExerciseCommand exercise_command;
  std::string exercise_third;  // check: FILE.cu; hint: K

  CommandLine() {
    app.require_subcommand(0, 1);
    add_window_options(app, window);
    add_run_options(*trace, trace_run);
    trace->add_option("--out,-o", out_path, "trace file to write (JSON)")->required();
    trace->add_option("--backend", backend, "emulator (default) or cuda");
    check->add_option("file", check_path, "trace file (JSON)")->required();
    diff->add_option("a", diff_a, "trace file (JSON)")->required();
    diff->add_option("b", diff_b, "trace file (JSON) of the same program")->required();
    add_run_options(*lab, lab_run);
    lab->add_option("--json", lab_json, "also write the findings to this JSON file");
    precision->add_option("--n,-n", precision_n, "number of uniform floats (up to 2^22)")
        ->type_name("UINT");
    precision->add_option("--seed", precision_seed, "seed of the input")->type_name("UINT");
    precision->add_option("--block,-b", precision_block, "threads per block (64..1024)")
        ->type_name("UINT");
    precision->add_option("--json", precision_json, "also write the rows to this JSON file");
    bench->add_option("--json", bench_command.json_path, "also write the results to a JSON file");
    bench->add_flag("--recorded", bench_command.recorded,
                    "show the timings recorded on a GPU (assets/recorded)");
    bench->add_option("--file", bench_command.recorded_file, "with --recorded: this file");
    bench->add_option("--max-log2", bench_max_log2, "largest n as a power of two (10..30)")
        ->type_name("UINT");
    bench
        ->add_option("--repeats", bench_repeats,
                     "trials per point at least (5 or more; more are added, up to 100, while the "
                     "spread is above 3%)")
        ->type_name("UINT");
    bench->add_option("--block", bench_block, "threads per block of every timed kernel")
        ->type_name("UINT");
    add_run_options(*device_run, device_run_options);
    add_export_options(*export_run, export_options);
    add_program_run_options();
  }

  // `stridescope run`'s options.
  void add_program_run_options() {
    run->add_option("file", run_options.file,
                    "the .cu file (docs/own-programs.md: what it may use); the program's own "
                    "arguments follow a --")
        ->required();
    run->add_option("sources", run_options.host_sources,
                    "the program's other files, as nvcc takes them: .cu files (compiled and run "
                    "as the first; the first file's lines are traced) and host .cpp files");
    run->add_option("-I", run_options.include_dirs,
                    "a folder for #include, as nvcc -I DIR takes it (repeatable)")
        ->type_name("DIR")
        ->allow_extra_args(false);
    run->add_option("-D", run_options.defines, "a macro, as nvcc -D NAME[=VALUE] takes it")
        ->type_name("NAME[=VALUE]")
        ->allow_extra_args(false);
    run->add_option("--time-limit", run_time_limit,
                    "seconds the program may run (default 10); past it the program is stopped "
                    "and told how far it got")
        ->type_name("SECONDS");
    run->add_option("--workers", run_workers,
                    "CPU threads that run the blocks (default: one per core, up to 8; 1 runs "
                    "them one after another)")
        ->type_name("N");
    run->add_option("--out,-o", run_out, "trace file to write (JSON)");
    add_program_options(*run, run_choice);
    run->add_flag("--timings", run_timings, "print the time of each phase");
    run->add_option("--schedules", run_schedules,
                    "run K random schedules (1 to 1000) untraced and report the outputs that "
                    "differ from the warps schedule's (a race); no trace is written")
        ->type_name("K");
    run->add_option("--backend", run_backend,
                    "emulator (default: clang, the CPU, a trace) or cuda (nvcc, the GPU, each "
                    "launch's time)");
    exercise
        ->add_option("action", exercise_command.action,
                     "list, start, check, hint, solution, harness")
        ->required();
    exercise->add_option("name", exercise_command.name, "the exercise (see: exercise list)");
    exercise->add_option("file_or_k", exercise_third, "check: your file; hint: which hint (1-3)");
    exercise->add_option("--dir", exercise_command.dir, "start: the folder for NAME.cu");
    run->add_option("--keep", run_options.work_dir,
                    "build in this directory and keep it (src/: the file as compiled, program, "
                    "raw.json)");
  }

  int run_command() {
    // SIGINT, SIGTERM, SIGHUP while a program runs: it and what it started end, the work folders
    // go. (The window takes them itself: it closes, then ends its programs.)
    if (*run || *exercise) stop_on_signals();
    if (*list) return command_list(std::cout);
    if (*exercise) return run_exercise();
    if (*trace || *lab || *precision || *device_run) arm_command_deadline();
    // An output that cannot be written is said before the work that fills it.
    for (const std::string* path :
         {&out_path, &lab_json, &precision_json, &bench_command.json_path})
      if (!path->empty()) check_output_file(*path);
    if (*trace) {
      std::optional<Backend> chosen = parse_enum<Backend>(backend);
      if (!chosen || chosen == Backend::Recorded) {
        throw CliError("unknown backend '" + backend + "' (emulator, cuda)");
      }
      Tracer tracer = tracer_for(*chosen);
      return command_trace(tracer, to_request(trace_run), out_path, std::cout);
    }
    if (*check) return command_check(check_path, std::cout);
    if (*diff) return command_diff(diff_a, diff_b, std::cout, std::cerr);
    if (*lab) return command_lab(to_request(lab_run), lab_json, std::cout);
    if (*precision) {
      return command_precision(
          parse_whole(precision_n, "--n", 0, UINT64_MAX),
          parse_whole(precision_seed, "--seed", 0, UINT64_MAX),
          static_cast<unsigned>(parse_whole(precision_block, "--block", 0, 1u << 20)),
          precision_json, std::cout);
    }
    if (*device_run) return command_device_run(to_request(device_run_options), std::cout);
    if (*export_run) return command_export(export_options, std::cout);
    if (*run) return run_program();
    if (*bench) {
      if (!bench_command.recorded) {  // the live run's options (--recorded shows a file)
        bench_command.max_log2 =
            static_cast<unsigned>(parse_whole(bench_max_log2, "--max-log2", 10, 30));
        bench_command.repeats =
            static_cast<int>(parse_whole(bench_repeats, "--repeats", 1, 100000));
        bench_command.block =
            static_cast<unsigned>(parse_whole(bench_block, "--block", 0, 1u << 20));
      }
      return command_bench(bench_command, std::cout);
    }
    return run_window();
  }

  // `stridescope run FILE.cu`: its options, files and folders checked before anything is compiled.
  int run_program() {
    std::optional<Backend> backend = parse_enum<Backend>(run_backend);
    if (!backend || backend == Backend::Recorded)
      throw CliError("unknown --backend '" + run_backend + "' (emulator, cuda)");
    check_run_files(run_options, run_out);
    if (backend == Backend::Cuda) return run_natively();
    run_options.time_limit_s = double(parse_whole(run_time_limit, "--time-limit", 1, 24 * 3600));
    run_options.workers = unsigned(parse_whole(run_workers, "--workers", 0, 64));
    const ProgramChoice choice = to_program_choice(run_choice);
    run_options.launch = choice.launch;
    run_options.launch_spec = choice.launch_spec;
    run_options.traced_block = choice.traced_block;
    run_options.schedule = choice.schedule;
    run_options.seed = choice.seed;
    const bool schedules_given = run->count("--schedules") > 0;
    if (run->count("--seed") > 0 && (choice.schedule != ThreadSchedule::Random || schedules_given))
      throw CliError("--seed is the seed of --schedule random (--schedules K runs seeds 1 to K)");
    if (!schedules_given)
      return command_run(run_options, run_out, run_timings, std::cout, std::cerr);
    const auto schedules = unsigned(parse_whole(run_schedules, "--schedules", 1, 1000));
    refuse_with_schedules(choice);
    return command_run_schedules(run_options, schedules, std::cout, std::cerr);
  }

  // --schedules K runs K orders untraced: what only a traced run uses would be ignored, so it is
  // refused.
  void refuse_with_schedules(const ProgramChoice& choice) const {
    std::string given;
    for (const char* name : {"--out", "--traced-block", "--schedule", "--timings"})
      if (run->count(name) > 0) given = name;
    if (run->count("--launch") > 0 && choice.launch_spec.empty()) given = "--launch";
    if (!given.empty())
      throw CliError("--schedules K runs K random orders untraced and writes no trace: leave out " +
                     given + " (or trace one order: --schedule random --seed K)");
  }

  // `exercise ACTION NAME [FILE.cu | K]`: the third word is check's file or hint's number.
  int run_exercise() {
    if (exercise_command.action == "hint" && !exercise_third.empty())
      exercise_command.hint = unsigned(parse_whole(exercise_third, "K", 1, 3));
    else
      exercise_command.file = exercise_third;
    if (exercise_command.action != "list" && exercise_command.name.empty())
      throw CliError("exercise " + exercise_command.action + ": which exercise? (NAME)");
    if (exercise_command.action == "check" && exercise_command.file.empty())
      throw CliError("exercise check NAME FILE.cu: which file?");
    return command_exercise(exercise_command, std::cout, std::cerr);
  }

  // `run --backend cuda`: natively, each launch timed; with --out, --launch or --traced-block,
  // under the GPU tracer. The GPU's schedule is its own: the emulator's options are refused.
  int run_natively() {
    for (const char* name : {"--schedule", "--seed", "--schedules"}) {
      if (run->count(name))
        throw CliError(std::string(name) +
                       " is for the emulator: --backend cuda runs the program as the GPU "
                       "schedules it");
    }
    CudaRunOptions cuda;
    cuda.file = run_options.file;
    cuda.more_sources = run_options.host_sources;
    cuda.work_dir = run_options.work_dir;
    cuda.timings = run_timings;
    cuda.include_dirs = run_options.include_dirs;
    cuda.defines = run_options.defines;
    if (!run->count("--out") && !run->count("--launch") && !run->count("--traced-block"))
      return command_run_cuda(cuda, std::cout, std::cerr);
    const ProgramChoice choice = to_program_choice(run_choice);
    if (!choice.launch_spec.empty())
      throw CliError(
          "--launch with a kernel's arguments is for the emulator: --backend cuda runs "
          "the file's own main()");
    GpuTraceOptions traced;
    traced.run = cuda;
    traced.launch = choice.launch;
    traced.traced_block = choice.traced_block;
    return command_trace_cuda(traced, run_out, run_timings, std::cout, std::cerr);
  }

  int run_window() {
    GuiOptions gui = to_gui_options(window);
    if (!gui.screenshot_path.empty()) check_output_file(gui.screenshot_path);
    gui.program_tracer = trace_program_for_gui;
    gui.exercise_checker = check_exercise_for_gui;
#if defined(STRIDESCOPE_HAVE_CUDA)
    gui.device_name = cuda::device_name();
    if (!gui.device_name.empty()) {
      gui.device_tracer = cuda::trace_on_device;
      gui.device_bench = [] {  // keep the window responsive: up to 2^26, 10 repeats
        cuda::BenchOptions quick;
        quick.max_log2 = 26;
        quick.repeats = 10;
        return cuda::run_benchmark(quick);
      };
    }
#endif
    const int status = run_gui(gui);
    stop_all_children();  // a program being traced when the window closed, and what it started
    remove_all_work_dirs();
    return status;
  }
};

// An option given an empty value (`--out ''`) names nothing: "" is never a file, a number or a
// name, and would otherwise read as the option left out. The option's name, or "".
std::string option_given_empty(const CLI::App& app) {
  for (const CLI::Option* option : app.get_options())
    for (const std::string& value : option->results())
      if (option->count() > 0 && value.empty() && option->get_type_size() != 0)
        return option->get_name();
  for (const CLI::App* sub : app.get_subcommands())
    if (std::string name = option_given_empty(*sub); !name.empty()) return name;
  return "";
}

// CLI11's messages can span lines; ours are one.
std::string one_line(std::string text) {
  for (char& c : text) {
    if (c == '\n') c = ' ';
  }
  while (!text.empty() && text.back() == ' ') text.pop_back();
  return text;
}

// CLI11 converts only the switches (every number is ours): "Could not convert: --quiz = maybe".
std::string conversion_text(const std::string& what) {
  const std::string prefix = "Could not convert: ";
  const std::size_t equals = what.find(" = ");
  if (!what.starts_with(prefix) || equals == std::string::npos) return one_line(what);
  const std::string name = what.substr(prefix.size(), equals - prefix.size());
  return name + "=" + one_line(what.substr(equals + 3)) + ": " + name +
         " is a switch: give it alone (or =true, =false)";
}

}  // namespace
}  // namespace stridescope

int main(int argc, char** argv) {
  std::signal(SIGCHLD, SIG_DFL);  // started with it ignored, children would be reaped unseen
  stridescope::take_closed_standard_descriptors();
  stridescope::CommandLine cli;
  // `stridescope run FILE.cu ... -- ARGS`: what follows the -- is the program's, not ours.
  int ours = argc;
  for (int i = 1; i < argc; ++i)
    if (std::string(argv[i]) == "--") {
      ours = i;
      cli.run_options.args.assign(argv + i + 1, argv + argc);
      break;
    }
  try {
    cli.app.parse(ours, argv);
  } catch (const CLI::Success& e) {  // --help
    return stridescope::finish_standard_output(cli.app.exit(e));
  } catch (const CLI::ConversionError& e) {
    std::cerr << stridescope::error_line(stridescope::conversion_text(e.what()));
    return 2;
  } catch (const CLI::ParseError& e) {
    std::cerr << stridescope::error_line(stridescope::one_line(e.what()) +
                                         " (see stridescope --help)");
    return 2;
  }
  if (const std::string empty = stridescope::option_given_empty(cli.app); !empty.empty()) {
    std::cerr << stridescope::error_line(empty + " was given an empty value");
    return 2;
  }
  try {
    const int status = cli.run_command();
    if (const int signal = stridescope::stop_signal(); signal != 0)
      throw stridescope::Interrupted(signal);
    return stridescope::finish_standard_output(status);
  } catch (const std::exception& e) {
    std::cerr << stridescope::error_line(e.what());
    return 2;
  }
}
