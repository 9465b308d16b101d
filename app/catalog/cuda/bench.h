// The GPU benchmark: untraced variants, cub::DeviceReduce::Sum and a device copy, timed in one run.
#pragma once

#include "catalog/bench/bench_report.h"
#include "catalog/bench/bench_stats.h"

namespace stridescope::cuda {

struct BenchOptions {
  unsigned min_log2 = 10;
  unsigned max_log2 = 28;
  // Trials per (kernel, type, n), at least (5 at least): each trial's figure is the median of its
  // timed launches; more trials follow while the point's spread is large (see `trials`).
  int repeats = 20;
  unsigned block = 256;
  TrialPlan trials{};  // its min_trials comes from `repeats`
};

BenchReport run_benchmark(const BenchOptions& options);  // throws CudaError

}  // namespace stridescope::cuda
