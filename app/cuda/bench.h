// The GPU benchmark: untraced variants, cub::DeviceReduce::Sum and a device copy, timed in one run.
#pragma once

#include "bench/bench_report.h"

namespace stridescope::cuda {

struct BenchOptions {
  unsigned min_log2 = 10;
  unsigned max_log2 = 28;
  int repeats = 20;
  unsigned block = 256;
};

BenchReport run_benchmark(const BenchOptions& options);  // throws CudaError

}  // namespace stridescope::cuda
