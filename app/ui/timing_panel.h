// The timing panel: per-variant bars and time-versus-n curves beside CUB and a device copy.
#pragma once

#include <functional>
#include <optional>
#include <string>

#include "bench/bench_report.h"

namespace stridescope {

struct TimingState {
  std::optional<BenchReport> report;  // recorded (assets/recorded) or measured live
  std::string error;
  ElementType element_type = ElementType::Float;
  int size_index = -1;                        // index into the measured sizes; -1: the largest
  std::function<BenchReport()> measure_live;  // set when a CUDA device is usable
  std::string device_name;
};

// Loads the newest recorded benchmark, if any.
void load_recorded_timing(TimingState& state);

void timing_panel(TimingState& state, bool high_contrast);

}  // namespace stridescope
