// `stridescope run FILE.cu --backend cuda`: nvcc builds the file with the launch timer, the program
// runs in a child with limits, and its output is printed with the table of its launches.
#include "program/nvcc/cuda_backend.h"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <ostream>

#include "core/elapsed.h"
#include "core/error_line.h"
#include "program/own_program_error.h"
#include "program/process/child_process.h"
#include "program/process/work_dir.h"

namespace stridescope {

namespace fs = std::filesystem;

namespace {

fs::path launch_timer_source() {
  if (const char* p = std::getenv("STRIDESCOPE_LAUNCH_TIMER")) return p;
  return STRIDESCOPE_LAUNCH_TIMER;
}

// Before the build: a GPU listed by nvidia-smi, or (without nvidia-smi) by the driver in /proc.
void check_gpu(const fs::path& dir) {
  const std::string smi = find_tool({"nvidia-smi"});
  if (smi.empty()) {
    std::error_code ec;
    const fs::path gpus = "/proc/driver/nvidia/gpus";
    if (fs::is_directory(gpus, ec) && !fs::is_empty(gpus, ec)) return;
    throw OwnProgramError(
        "--backend cuda needs an NVIDIA GPU; none found (no nvidia-smi on PATH, no GPU in "
        "/proc/driver/nvidia/gpus)");
  }
  const int rc =
      run_process({smi, "-L"}, dir / "smi.out", dir / "smi.err", {}, Limits{20, 0, 16 << 20, 20});
  const std::string listed = read_file(dir / "smi.out");
  if (rc == 0 && listed.find("GPU ") != std::string::npos) return;
  std::string why = read_file(dir / "smi.err") + listed;
  why = why.substr(0, why.find('\n'));
  throw OwnProgramError("--backend cuda needs an NVIDIA GPU; nvidia-smi lists none" +
                        (why.empty() ? std::string() : " (" + why + ")"));
}

// nvcc -O2 (no --use_fast_math), the GPU present (or $STRIDESCOPE_CUDA_ARCH, e.g. sm_90), the
// shared CUDA runtime (so the launch timer's symbols come first), kernel stubs exported (names);
// the user's -I and -D, and -lineinfo for the GPU tracer.
fs::path build(const fs::path& file, const fs::path& dir, const std::string& nvcc,
               const CudaRunOptions& options) {
  const char* arch = std::getenv("STRIDESCOPE_CUDA_ARCH");
  const fs::path program = dir / "program";
  std::vector<std::string> argv{nvcc, "-O2", std::string("-arch=") + (arch ? arch : "native")};
  if (options.line_info) argv.push_back("-lineinfo");
  for (const std::string& d : options.include_dirs) argv.push_back("-I" + fs::absolute(d).string());
  for (const std::string& d : options.defines) argv.push_back("-D" + d);
  argv.insert(argv.end(), {"-cudart", "shared", "-Xlinker", "--export-dynamic", "-o",
                           program.string(), file.string()});
  for (const std::string& more : options.more_sources) argv.push_back(fs::absolute(more).string());
  argv.insert(argv.end(), {launch_timer_source().string(), "-ldl"});
  // No address-space limit: -arch=native loads the CUDA driver, which reserves tens of GiB.
  const Limits limits{300, 0, 1ull << 30, 600};
  const int rc = run_process(argv, dir / "nvcc.out", dir / "nvcc.err", {}, limits);
  if (ended_abnormally(rc)) throw OwnProgramError(ending_text(rc, limits, "nvcc"));
  if (rc != 0) {
    const std::string said = read_file(dir / "nvcc.out") + read_file(dir / "nvcc.err");
    // A kernel-only file: the linker's one complaint, said as what to do instead.
    if (said.find("undefined reference to `main'") != std::string::npos)
      throw OwnProgramError(file.filename().string() +
                            " has no main(): --backend cuda runs whole programs; run a file of "
                            "kernels on the emulator with --launch (docs/own-programs.md)");
    throw OwnProgramError(said + error_line("nvcc could not build " + file.filename().string()));
  }
  return program;
}

// The program's limits: no address-space limit (the CUDA driver reserves tens of GiB of virtual
// addresses at start, docs/own-programs.md).
Limits program_limits(const CudaRunOptions& options) {
  return Limits{options.time_limit_s, 0, 256ull << 20, 3 * options.time_limit_s,
                Isolation::Program};
}

}  // namespace

void print_build_error(std::ostream& err, const std::string& what) {
  if (what.rfind(kErrorPrefix) == std::string::npos) {
    err << error_line(what);
  } else {
    err << what << (!what.empty() && what.back() == '\n' ? "" : "\n");
  }
}

std::string native_ending_text(int exit_code, const CudaRunOptions& options) {
  std::string text = ending_text(exit_code, program_limits(options), "the program");
  if (exit_code == kKilledBy + SIGXCPU)
    text += "; its CPU time counts the host's waiting for the GPU too (CUDA spins while it waits)";
  return text;
}

namespace {

std::string failure_of(const CudaRunResult& r, const CudaRunOptions& options) {
  if (ended_abnormally(r.exit_code)) return native_ending_text(r.exit_code, options);
  if (std::optional<std::size_t> k = first_failed_launch(r.launches)) {
    const NativeLaunch& l = r.launches.launches[*k];
    return "launch " + std::to_string(*k) + " (" + launch_config(l) + ") failed: " + l.error;
  }
  if (r.exit_code != 0) return "the program stopped with status " + std::to_string(r.exit_code);
  return "";
}

}  // namespace

void check_cuda_machine(const fs::path& scratch) {
  if (find_tool({"nvcc"}).empty())
    throw OwnProgramError("--backend cuda needs nvcc (the CUDA toolkit); none on PATH");
  check_gpu(scratch);
}

CudaRunResult run_on_cuda(const CudaRunOptions& options) {
  const std::string nvcc = find_tool({"nvcc"});
  if (nvcc.empty())
    throw OwnProgramError("--backend cuda needs nvcc (the CUDA toolkit); none on PATH");
  const fs::path file = fs::absolute(options.file);
  if (!fs::is_regular_file(file)) throw OwnProgramError("no such file: " + options.file);
  const WorkDir work(options.work_dir, "cuda");
  if (!options.machine_checked) check_gpu(work.path());
  CudaRunResult r;
  auto t0 = std::chrono::steady_clock::now();
  const fs::path program = build(file, work.path(), nvcc, options);
  r.build_s = seconds_since(t0);
  t0 = std::chrono::steady_clock::now();
  // Modules load eagerly, so no launch's time includes loading its code.
  const fs::path log = work.path() / "launches.tsv";
  std::vector<std::string> env{"STRIDESCOPE_LAUNCHES=" + log.string(), "CUDA_MODULE_LOADING=EAGER"};
  env.insert(env.end(), options.env.begin(), options.env.end());
  const Limits limits = program_limits(options);
  r.exit_code = run_process({program.string()}, work.path() / "program.out",
                            work.path() / "program.err", env, limits);
  r.run_s = seconds_since(t0);
  std::string replaced;  // a file the program replaced (a FIFO, a link to /dev/zero)
  r.output = read_what_it_left(work.path() / "program.out", limits.file_bytes, replaced);
  r.errors = read_what_it_left(work.path() / "program.err", limits.file_bytes, replaced);
  std::error_code no_log;
  if (fs::exists(fs::symlink_status(log, no_log)))
    r.launches = parse_launch_log(read_what_it_left(log, limits.file_bytes, replaced));
  r.failure = failure_of(r, options);
  if (r.failure.empty()) r.failure = replaced;
  return r;
}

int command_run_cuda(const CudaRunOptions& options, std::ostream& out, std::ostream& err) {
  CudaRunResult r;
  try {
    r = run_on_cuda(options);
  } catch (const OwnProgramError& e) {
    print_build_error(err, e.what());
    return 2;
  }
  out << r.output;
  err << r.errors;
  print_launch_table(r.launches, out);
  if (options.timings) out << "timings: nvcc " << r.build_s << " s, run " << r.run_s << " s\n";
  if (!r.failure.empty()) {
    err << error_line(r.failure);
    return 2;
  }
  return 0;
}

}  // namespace stridescope
