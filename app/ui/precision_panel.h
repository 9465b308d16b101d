// The precision panel: the precision study's errors as log-scale bars, computed in the background.
#pragma once

#include <cstdint>
#include <future>
#include <optional>
#include <string>

#include "emu/precision_study.h"

namespace stridescope {

struct PrecisionState {
  std::uint64_t n = std::uint64_t{1} << 20;  // about 2 s on the emulator
  std::uint64_t seed = 1;
  std::optional<PrecisionStudy> study;
  std::future<PrecisionStudy> pending;
  std::string error;
};

// Starts the study on a background thread (nothing if one is running).
void start_precision_study(PrecisionState& state);

void precision_panel(PrecisionState& state, bool high_contrast);

}  // namespace stridescope
