// The commands that use the CUDA backend when the build has one; clear errors when it has none.
#include "cli/device_commands.h"

#include <iomanip>
#include <ostream>
#include <stdexcept>

#include "catalog/bench/bench_report.h"
#include "catalog/emu/run_variant.h"
#include "catalog/launch_common.h"
#include "core/input.h"
#include "registry.h"
#if defined(STRIDESCOPE_HAVE_CUDA)
#include "catalog/cuda/bench.h"
#include "catalog/cuda/cuda_trace.h"
#include "catalog/cuda/device_reduce.h"
#endif

namespace stridescope {
#if !defined(STRIDESCOPE_HAVE_CUDA)
namespace {
[[noreturn]] void no_cuda(const std::string& hint) {
  throw std::runtime_error("this build has no CUDA backend (nvcc was not found when it was built)" +
                           hint);
}
}  // namespace
#endif

Tracer tracer_for(Backend backend) {
  if (backend == Backend::Emulator) return run_on_emulator;
  if (backend != Backend::Cuda) {
    throw std::runtime_error("backend '" + std::string(name_of(backend)) +
                             "' cannot make a trace (emulator, cuda)");
  }
#if defined(STRIDESCOPE_HAVE_CUDA)
  return cuda::trace_on_device;
#else
  no_cuda("");
#endif
}

int command_bench(const BenchCommand& command, std::ostream& out) {
  BenchReport report;
  if (command.recorded) {
    std::vector<std::string> files = recorded_bench_files();
    if (command.recorded_file.empty() && files.empty()) {
      throw std::runtime_error("no recorded benchmark in assets/recorded");
    }
    report = load_bench(command.recorded_file.empty() ? files.front() : command.recorded_file);
  } else {
#if defined(STRIDESCOPE_HAVE_CUDA)
    cuda::BenchOptions options;
    options.max_log2 = command.max_log2;
    options.repeats = command.repeats;
    options.block = command.block;
    report = cuda::run_benchmark(options);
#else
    no_cuda("; `stridescope bench --recorded` shows GPU timings");
#endif
  }
  print_bench_table(report, out);
  if (!command.json_path.empty()) save_bench(report, command.json_path);
  return 0;
}

int command_device_run(const RunRequest& request, std::ostream& out) {
  validate(request);
#if defined(STRIDESCOPE_HAVE_CUDA)
  std::vector<double> input = variant_input<double>(request, variant_of(request).launch.inputs);
  out << std::setprecision(17) << "result "
      << cuda::run_once(request.variant, request.element_type, input, request.block) << "\n";
  return 0;
#else
  (void)out;
  no_cuda("");
#endif
}

}  // namespace stridescope
