// What an export makes: format, file, speed, and how many frames that gives for a run's steps.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>

namespace stridescope {

enum class ExportFormat { Gif, Mp4 };

struct ExportPlan {
  ExportFormat format = ExportFormat::Gif;
  std::string out;
  int fps = 15;
  double seconds_per_step = 1.0;  // each step's time on screen, its transition included
  double hold_seconds = 1.0;      // the last step stays this much longer (a looping GIF rests)

  int frames_per_step() const {
    return std::max(1, static_cast<int>(std::lround(fps * seconds_per_step)));
  }
  int held_frames() const { return static_cast<int>(std::lround(fps * hold_seconds)); }
  // steps x frames per step + held frames.
  std::size_t frame_count(std::size_t steps) const {
    return steps * static_cast<std::size_t>(frames_per_step()) +
           static_cast<std::size_t>(held_frames());
  }
};

}  // namespace stridescope
